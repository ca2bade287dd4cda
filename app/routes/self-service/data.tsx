import type { Route } from './+types/data';
import { personalDataPageAction, personalDataPageLoader } from '~/features/personal-data/personal-data-page.server';
import { deferredForm } from '~/ui/form/deferred-form';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** The personal-data page: features/personal-data/personal-data-page.server.ts. */
export function loader(args: Route.LoaderArgs) {
  return personalDataPageLoader(args);
}

export function action(args: Route.ActionArgs) {
  return personalDataPageAction(args);
}

// The content, with its forms and their messages, comes after the page's first load (docs/decisions/0016).
const PersonalDataPage = deferredForm(() =>
  import('~/features/personal-data/components/personal-data-page').then((module) => module.PersonalDataPage),
);

export default function PersonalData(props: Route.ComponentProps) {
  return <PersonalDataPage {...props} />;
}
