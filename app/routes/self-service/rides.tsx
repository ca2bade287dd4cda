import type { Route } from './+types/rides';
import { ridesPageLoader } from '~/features/rides/rides-page.server';
import { RidesPage } from '~/features/rides/components/rides-page';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** The rides page (docs/rules/rides-and-charges.md#rides-page): features/rides/rides-page.server.ts. */
export function loader(args: Route.LoaderArgs) {
  return ridesPageLoader(args);
}

export default function Rides() {
  return <RidesPage />;
}
