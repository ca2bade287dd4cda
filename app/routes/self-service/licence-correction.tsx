import type { Route } from './+types/licence-correction';
import { LicenceCorrectionPage } from '~/features/driving-licence/components/licence-correction-page';
import { licenceCorrectionAction, licenceCorrectionLoader } from '~/features/driving-licence/licence-pages.server';
import { BackToData } from '~/features/personal-data/components';
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

export default function LicenceCorrection({ loaderData, actionData }: Route.ComponentProps) {
  return <LicenceCorrectionPage loaderData={loaderData} actionData={actionData} back={<BackToData />} />;
}
