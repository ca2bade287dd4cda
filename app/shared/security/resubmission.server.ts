import { parse, type SubmissionResult } from '@conform-to/react';
import { readCookie } from '~/platform/cookies';
import { csrfFieldName, formIdFieldName, honeypotFieldName } from './form-fields';

/** The message a form shows when it comes back for sending again (messages: `form.csrf-resend`). */
export const resubmitMessage = 'form.csrf-resend';

/** A form that failed the CSRF check, as the page shows it again: which form, what was typed, the message. */
export interface Resubmission {
  formId: string;
  result: SubmissionResult<string[]>;
}

const cookieName = 'form-resend';
/** The hidden field of the pages a mailed link opens (email verification, email change). */
const oneTimeTokenFieldName = 'token';
// Well below the 4 KiB a browser keeps of one cookie; a form typed beyond it comes back empty, with its message.
const maxCookieLength = 3000;
const maxAgeSeconds = 300;

/**
 * The answer to a form from one of our pages whose CSRF token no longer matches (its cookie expired or
 * was deleted, or the session changed since the page was rendered): no action runs, the browser is sent
 * back to the same page (303), which renders with a fresh token and the form filled in again, except
 * its passwords, asking to send it once more (docs/decisions/0029-phones-and-dead-ends.md).
 *
 * Only where the browser itself says the form came from our origin (`Sec-Fetch-Site: same-origin` or
 * our `Origin`), and only for a form that names itself (AppForm's hidden form id): a forged form from
 * another site still gets the plain refusal, so it can never plant values in a customer's form.
 */
export function resubmissionRedirect(
  request: Request,
  url: URL,
  form: FormData,
  publicUrl: string,
  secure: boolean,
): Response | null {
  const formId = form.get(formIdFieldName);
  if (typeof formId !== 'string' || !/^[\w:-]{1,100}$/.test(formId)) return null;
  if (!cameFromOurOrigin(request, publicUrl)) return null;
  // A form of a resource route has no page to come back to.
  if (url.pathname.startsWith('/resources/')) return null;
  const { pathname } = url;
  const location = `${pathname}${url.search}`;
  const cookie = resubmissionCookie(formId, form, pathname, secure);
  // Only a path no page of ours has is that long: such a form gets the plain refusal.
  if (!cookie) return null;
  const headers = new Headers({ Location: location, 'Cache-Control': 'private, no-store' });
  headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/**
 * The form to show again on the page at `url`, if one came back for it; `present` when the cookie is
 * there at all (for this page or not), so that the page deletes it.
 */
export function readResubmission(request: Request, url: URL): { present: boolean; resubmission: Resubmission | null } {
  const raw = readCookie(request.headers.get('cookie'), cookieName);
  if (!raw) return { present: false, resubmission: null };
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!isStored(value) || value.path !== url.pathname) return { present: true, resubmission: null };
    return { present: true, resubmission: { formId: value.formId, result: value.result } };
  } catch {
    return { present: true, resubmission: null };
  }
}

/** Deletes the cookie once a page has read it, so that a reload shows the form as new. */
export function clearResubmission(secure: boolean): string {
  return `${cookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The cookie that brings the form back, or null when even the form without its values is beyond the cookie limit. */
function resubmissionCookie(formId: string, form: FormData, pathname: string, secure: boolean): string | null {
  const typed = new FormData();
  for (const [name, value] of form) {
    if (typeof value === 'string' && isShownAgain(name)) typed.append(name, value);
  }
  const encode = (result: SubmissionResult<string[]>) =>
    Buffer.from(JSON.stringify({ formId, result, path: pathname } satisfies Stored)).toString('base64url');
  const reply = parse<unknown, string[]>(typed, { resolve: () => ({ value: undefined }) }).reply({
    formErrors: [resubmitMessage],
  });
  let value = encode(reply);
  if (value.length > maxCookieLength) value = encode({ ...reply, initialValue: {}, fields: [] });
  if (value.length > maxCookieLength) return null;
  // Path=/: the page's data request (`….data`) lies outside a cookie path of the page itself.
  return `${cookieName}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Never the CSRF token, the honeypot, a password or a link's one-time token: a password is typed again and a
 * link's token comes again from the link's address; neither is ever kept in a cookie.
 */
function isShownAgain(name: string): boolean {
  return (
    name !== csrfFieldName &&
    name !== honeypotFieldName &&
    name !== formIdFieldName &&
    name !== oneTimeTokenFieldName &&
    !/password/i.test(name)
  );
}

function cameFromOurOrigin(request: Request, publicUrl: string): boolean {
  if (request.headers.get('sec-fetch-site') === 'same-origin') return true;
  const origin = request.headers.get('origin');
  return origin !== null && (origin === new URL(request.url).origin || origin === new URL(publicUrl).origin);
}

/** What the cookie holds: the form, and the page it came from. */
interface Stored extends Resubmission {
  path: string;
}

function isStored(value: unknown): value is Stored {
  if (typeof value !== 'object' || value === null) return false;
  const { formId, result, path } = value as Record<string, unknown>;
  if (typeof formId !== 'string' || typeof path !== 'string' || typeof result !== 'object' || result === null) {
    return false;
  }
  const { initialValue, error } = result as Record<string, unknown>;
  return (
    (initialValue === undefined || (typeof initialValue === 'object' && initialValue !== null)) &&
    typeof error === 'object' &&
    error !== null
  );
}
