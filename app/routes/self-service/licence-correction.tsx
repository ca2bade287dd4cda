import type { Route } from './+types/licence-correction';
import { licenceCorrectionAction, licenceCorrectionLoader } from '~/features/driving-licence/licence-pages.server';
import { BackToData } from '~/features/personal-data/components';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** Correcting a rejected or expired driving licence (car sharing): features/driving-licence/licence-pages.server.ts. */
export function loader(args: Route.LoaderArgs) {
  return licenceCorrectionLoader(args);
}

export function action(args: Route.ActionArgs) {
  return licenceCorrectionAction(args);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const LicenceCorrectionPage = deferredForm(() =>
  import('~/features/driving-licence/components/licence-correction-page').then(
    (module) => module.LicenceCorrectionPage,
  ),
);

export default function LicenceCorrection({ loaderData, actionData }: Route.ComponentProps) {
  return <LicenceCorrectionPage loaderData={loaderData} actionData={actionData} back={<BackToData />} />;
}
