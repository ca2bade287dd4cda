import { redirect } from 'react-router';
import { internalHref } from './internal-link';

/**
 * A redirect after a form, built like every link (./internal-link.ts): the travelling query values
 * of the page the form was sent from go along, and a web view stays a web view.
 */
export function redirectCarrying(request: Request, target: string, init?: number | ResponseInit): Response {
  const { pathname, search } = new URL(request.url);
  return redirect(internalHref(target, { pathname, search }), init);
}
