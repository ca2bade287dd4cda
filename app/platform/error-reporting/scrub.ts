/**
 * Error texts travel to logs and to Sentry, so whatever might be a secret is taken out first: query strings
 * and fragments of URLs (reset and verification links carry tokens there), `name=value` pairs with telling
 * names, bearer tokens, email addresses and the parameters of a failed query. Runs in the browser and on
 * the server.
 */
// A query or fragment is found from its `?` or `#` and only then checked to follow a path or URL,
// and addresses start only where a run of their characters starts (addresses joined by `+`, `.` or
// `-` are one match): trying every start within a long run of such characters took time quadratic in
// its length (8,000 slashes in a report: 95 ms). A domain runs on into the next address's local part
// (`x@x.de-y@y.de`), so what follows a match as `@…` is taken with it, and a mistyped address's first
// part (`erika.m@gmx@example.org`) goes with the address it is glued to by `@`; that pattern, too,
// starts only where a run of address characters starts. Addresses may hold any letter (`jörg@müller.de`),
// and a path or a form body may carry them percent-encoded (`erika%2Bnews%40example.org`).
// A secret's name is found by its ending (`newPassword`, `client_secret`, `verificationToken`), again
// read from where a run of name characters starts, so finding it stays linear.
const urlTail = /[?#](?<=(?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s?#"'<>()]*[?#])[^\s"'<>()]*/gi;
const secretPair =
  /(?<![\w-])([\w-]*?(?:token|password|passwd|pwd|secret|iban|bic|code|session|sid|csrf|key|auth))=["']?[^&\s"'<>()]+/gi;
const bearer = /\b(bearer|basic)\s+[\w.~+/=@-]+/gi;
const email =
  /(?<![\p{L}\p{N}_.+%-])(?:[\p{L}\p{N}_.+%-]+(?:@|%40)[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+)+(?:(?:@|%40)+[\p{L}\p{N}_.+%-]+)*/gu;
const partsBeforeAddress = /(?<![\p{L}\p{N}_.+@%-])[\p{L}\p{N}_.+@%-]*(?:@|%40)(?=\[email\])/gu;
/** A failed query's message ends with its parameters (a customer's data, a password hash). */
const queryParameters = /\nparams:[\s\S]*$/;

/** The text with a failed query's parameters cut off (Drizzle writes them into its message). */
export function withoutQueryParameters(text: string): string {
  return text.replace(queryParameters, '\nparams: [redacted]');
}

/** Named secrets and tokens first, whole: their values may hold an `@`. */
export function scrubText(text: string): string {
  return withoutQueryParameters(text)
    .replace(urlTail, '')
    .replace(secretPair, '$1=[redacted]')
    .replace(bearer, '$1 [redacted]')
    .replace(email, '[email]')
    .replace(partsBeforeAddress, '');
}

/** A URL or path without query and fragment. */
export function stripQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/** At most `maxLines` lines and `maxChars` characters of a stack, scrubbed. */
export function trimStack(stack: string, maxLines = 25, maxChars = 4000): string {
  const lines = stack.split('\n').slice(0, maxLines).join('\n');
  return scrubText(lines.length > maxChars ? lines.slice(0, maxChars) : lines);
}

export function truncate(text: string, maxChars: number): string {
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

/** Shapes of Sentry's events and breadcrumbs that `scrubSentryEvent` touches. */
interface ScrubbableEvent {
  request?: {
    url?: string;
    query_string?: unknown;
    cookies?: unknown;
    headers?: Record<string, string>;
    data?: unknown;
  };
  message?: string;
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: ScrubbableBreadcrumb[];
}
interface ScrubbableBreadcrumb {
  message?: string;
  data?: Record<string, unknown>;
}

/** Sentry's `beforeSend`: the same rules as our own log lines, applied to an event. */
export function scrubSentryEvent<Event extends ScrubbableEvent>(event: Event): Event {
  if (event.request) {
    if (event.request.url) event.request.url = stripQuery(event.request.url);
    delete event.request.query_string;
    delete event.request.cookies;
    delete event.request.data;
    if (event.request.headers) {
      const { 'user-agent': userAgent, 'User-Agent': userAgentCapital } = event.request.headers;
      const kept = userAgent ?? userAgentCapital;
      event.request.headers = kept ? { 'user-agent': kept } : {};
    }
  }
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
  }
  event.breadcrumbs = event.breadcrumbs?.map(scrubSentryBreadcrumb);
  return event;
}

/** Sentry's `beforeBreadcrumb`: navigation and request URLs lose their queries. */
export function scrubSentryBreadcrumb<Breadcrumb extends ScrubbableBreadcrumb>(breadcrumb: Breadcrumb): Breadcrumb {
  if (breadcrumb.message) breadcrumb.message = scrubText(breadcrumb.message);
  if (breadcrumb.data) {
    for (const key of ['url', 'from', 'to']) {
      const value = breadcrumb.data[key];
      if (typeof value === 'string') breadcrumb.data[key] = stripQuery(value);
    }
  }
  return breadcrumb;
}

/** The limit on breadcrumbs kept with an event (docs/rules/consent-and-analytics.md#error-reports). */
export const maxBreadcrumbs = 100;
