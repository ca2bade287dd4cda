import type * as SentryNodeSdk from '@sentry/node';
import { maxBreadcrumbs, scrubSentryBreadcrumb, scrubSentryEvent } from './scrub';

type SentryNode = typeof SentryNodeSdk;

/** Where a server error happened: tags on the event, never the query or any header. */
export interface ServerErrorContext {
  requestId?: string;
  path?: string;
}

export interface ServerErrorReporter {
  capture(error: unknown, context?: ServerErrorContext): void;
}

/** The Node SDK's settings: 100 breadcrumbs, no personal data, no request bodies or queries. */
export function sentryNodeOptions(dsn: string, release: string) {
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
      stackFrameVariables: false,
      databaseQueryData: false,
    },
    beforeSend: scrubSentryEvent,
    beforeBreadcrumb: scrubSentryBreadcrumb,
  };
}

let started: { dsn: string; sentry: Promise<SentryNode | null> } | undefined;

/**
 * Sentry for the server when `SENTRY_DSN` is set, null otherwise (errors are then in the pino log
 * only, where they always are). The SDK is imported on first use, once per process; the server log
 * stays the primary record, Sentry is the operators' alerting on top.
 */
export function serverErrorReporter(
  dsn: string | undefined,
  release: string,
  onFailure: (error: unknown) => void = () => {},
): ServerErrorReporter | null {
  if (!dsn) return null;
  if (started?.dsn !== dsn) {
    started = {
      dsn,
      sentry: import('@sentry/node')
        .then((sentry) => {
          sentry.init(sentryNodeOptions(dsn, release));
          return sentry;
        })
        .catch((error: unknown) => {
          onFailure(error);
          return null;
        }),
    };
  }
  const { sentry } = started;
  return {
    capture(error, context = {}) {
      void sentry.then((client) =>
        client?.captureException(error, {
          tags: {
            ...(context.requestId ? { requestId: context.requestId } : {}),
            ...(context.path ? { path: context.path } : {}),
          },
        }),
      );
    },
  };
}
