import { redirect } from 'react-router';
import { internalHref, type LinkOrigin } from './internal-link';

/**
 * A redirect after a form, built like every link (./internal-link.ts): the travelling query values
 * of the page the form was sent from (`from`, the router's `url`) go along, and a web view stays a web view.
 */
export function redirectCarrying(from: LinkOrigin, target: string, init?: number | ResponseInit): Response {
  return redirect(internalHref(target, from), init);
}
