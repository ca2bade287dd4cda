import type { ErrorInfo } from 'react';
import type * as SentryBrowser from './sentry-browser';
import { clientErrorEndpoint, type ClientErrorKind, type ClientErrorReport } from './client-error-report';
import { maxBreadcrumbs, scrubSentryBreadcrumb, scrubSentryEvent, stripQuery } from './scrub';

/** The page's error-reporting settings, rendered by the root layout into `<meta name="error-reporting">`. */
export const errorReportingMetaName = 'error-reporting';

export interface ClientErrorReporter {
  report(error: unknown, kind: ClientErrorKind, componentStack?: string): void;
}

/** At most this many reports per page load, each distinct message once: a loop must not flood us. */
const maxReportsPerPage = 10;

/**
 * Error reporting in the browser, set up before hydration: uncaught errors and unhandled rejections
 * from `window`, React's errors from the hooks of `hydrateRoot`. With a Sentry DSN the Sentry SDK
 * gets them (loaded on demand, so pages without a DSN never download it); otherwise they are POSTed
 * to our own endpoint and end up in the server's log.
 */
export function installClientErrorReporting(): {
  onUncaughtError: (error: unknown, info: ErrorInfo) => void;
  onCaughtError: (error: unknown, info: ErrorInfo) => void;
  onRecoverableError: (error: unknown, info: ErrorInfo) => void;
} {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${errorReportingMetaName}"]`);
  const dsn = meta?.dataset.sentryDsn;
  const reporter = dsn ? sentryReporter(dsn, meta?.dataset.release) : endpointReporter();

  window.addEventListener('error', (event) => reporter.report(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => reporter.report(event.reason, 'unhandledrejection'));

  return {
    onUncaughtError(error, info) {
      console.error(error);
      reporter.report(error, 'react-uncaught', info.componentStack ?? undefined);
    },
    onCaughtError(error, info) {
      // A 404 or other answer a loader threw is shown by the error boundary; it is no bug.
      if (isRouteErrorResponse(error)) return;
      console.error(error);
      reporter.report(error, 'react-caught', info.componentStack ?? undefined);
    },
    onRecoverableError(error, info) {
      console.warn(error);
      reporter.report(error, 'react-recoverable', info.componentStack ?? undefined);
    },
  };
}

function isRouteErrorResponse(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    'statusText' in error &&
    'internal' in error &&
    'data' in error
  );
}

/** One report's fields from whatever was thrown. */
export function reportFor(
  error: unknown,
  kind: ClientErrorKind,
  path: string,
  componentStack?: string,
): ClientErrorReport {
  const message =
    error instanceof Error ? `${error.name}: ${error.message}` : typeof error === 'string' ? error : safeString(error);
  return {
    kind,
    message: message.slice(0, 2000),
    ...(error instanceof Error && error.stack ? { stack: error.stack.slice(0, 8000) } : {}),
    ...(componentStack ? { componentStack: componentStack.slice(0, 8000) } : {}),
    path: stripQuery(path).slice(0, 2000) || '/',
  };
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Limits a reporter to `maxReportsPerPage` distinct reports. */
function limited(send: (report: ClientErrorReport) => void): ClientErrorReporter {
  const seen = new Set<string>();
  return {
    report(error, kind, componentStack) {
      try {
        const report = reportFor(error, kind, window.location.pathname, componentStack);
        const key = `${report.kind}:${report.message}`;
        if (seen.has(key) || seen.size >= maxReportsPerPage) return;
        seen.add(key);
        send(report);
      } catch {
        // Reporting must never become the next error.
      }
    },
  };
}

/**
 * Our own endpoint. Like every POST it needs a CSRF token, and anonymous pages carry none (they are
 * cached and cookie-free), so the first report fetches one: GET on the endpoint answers a token and
 * sets the (strictly necessary) CSRF cookie when the browser has none.
 */
export function endpointReporter(fetchImpl: typeof fetch = (...args) => fetch(...args)): ClientErrorReporter {
  let token: Promise<string | null> | undefined;
  const csrfToken = () =>
    (token ??= fetchImpl(clientErrorEndpoint, { credentials: 'same-origin', cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<{ token?: unknown }>) : null))
      .then((body) => (typeof body?.token === 'string' ? body.token : null))
      .catch(() => null));
  return limited((report) => {
    void csrfToken()
      .then((csrf) => {
        if (!csrf) return;
        return fetchImpl(clientErrorEndpoint, {
          method: 'POST',
          credentials: 'same-origin',
          keepalive: true,
          body: new URLSearchParams({ csrf, report: JSON.stringify(report) }),
        });
      })
      .catch(() => {});
  });
}

/** The browser SDK's settings: 100 breadcrumbs, nothing personal, no queries. */
export function sentryBrowserOptions(dsn: string, release: string | undefined) {
  return {
    dsn,
    release,
    maxBreadcrumbs,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    beforeSend: scrubSentryEvent,
    beforeBreadcrumb: scrubSentryBreadcrumb,
  };
}

/**
 * Sentry, imported on demand. Errors before the SDK has loaded wait in a queue; once it runs, its own
 * global handlers take over `window.onerror` and unhandled rejections, so ours stop forwarding those.
 */
function sentryReporter(dsn: string, release: string | undefined): ClientErrorReporter {
  type Sentry = typeof SentryBrowser;
  const queue: { error: unknown; kind: ClientErrorKind; componentStack?: string }[] = [];
  let sentry: Sentry | null = null;
  const capture = (client: Sentry, error: unknown, kind: ClientErrorKind, componentStack?: string) => {
    if (kind === 'error' || kind === 'unhandledrejection') return; // Sentry's own handlers have it.
    if (componentStack) client.captureReactException(error, { componentStack }, { data: { kind } });
    else client.captureException(error, { tags: { kind } });
  };
  import('./sentry-browser')
    .then((client) => {
      client.init({
        ...sentryBrowserOptions(dsn, release),
        integrations: (defaults) => defaults.filter((integration) => integration.name !== 'BrowserSession'),
      });
      sentry = client;
      for (const item of queue.splice(0)) {
        if (item.kind === 'error' || item.kind === 'unhandledrejection') client.captureException(item.error);
        else capture(client, item.error, item.kind, item.componentStack);
      }
    })
    .catch(() => {
      // Without the SDK (blocked, offline) errors stay unreported; the page goes on.
    });
  return {
    report(error, kind, componentStack) {
      if (sentry) capture(sentry, error, kind, componentStack);
      else if (queue.length < maxReportsPerPage) queue.push({ error, kind, componentStack });
    },
  };
}
