import type { Route } from './+types/data';
import { PersonalDataPage } from '~/features/personal-data/components/personal-data-page';
import { personalDataPageAction, personalDataPageLoader } from '~/features/personal-data/personal-data-page.server';
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

export default function PersonalData(props: Route.ComponentProps) {
  return <PersonalDataPage {...props} />;
}
