import { createContext, type RouterContextProvider } from 'react-router';
import type { DatabaseHandle } from '~/db/client.server';
import type { DemoLogin } from '~/db/seed/demo.server';
import type { FeatureContext } from '~/feature-context';
import type { CurrentSession } from '~/features/accounts/sessions.server';
import type { Locale } from '~/i18n/locales';
import type { PageId } from '~/i18n/route-table';
import type { Logger } from '~/platform/logger.server';
import type { MailTransport } from '~/platform/mail/transport.server';
import type { AppMetrics } from '~/platform/metrics/metrics.server';
import type { SmsGateway } from '~/platform/sms/gateway';

/**
 * Created once per process by the composition root (services.server.ts) and handed to every loader
 * and action through the router context: the feature context, and what only the server, the
 * probes and the development pages use.
 */
export interface AppServices extends FeatureContext {
  logger: Logger;
  database: DatabaseHandle;
  buildId: string;
  /** Prometheus metrics, served on METRICS_PORT when it is set. */
  metrics: AppMetrics;
  /** The demo customer's login when demo data was seeded (printed at start-up). */
  demoLogin: DemoLogin | null;
  mail: {
    /** SMTP delivery; null when mails stay in the outbox (laptop mode). */
    transport: MailTransport | null;
    /** The development mailbox page and mail bodies in the log: only without SMTP, on a local run (config/local-run.ts). */
    mailboxEnabled: boolean;
  };
  sms: {
    /** The SMS gateway; null when SMS stay in the outbox. */
    gateway: SmsGateway | null;
    /** Queued SMS on the development mailbox page and in the log: only without a gateway, where the mailbox is open. */
    boxEnabled: boolean;
  };
  /** Stops the outbox workers and the retention job, then releases connections (database, Redis, SMTP). */
  close(): Promise<void>;
}

/** Per request: the id that ties log lines together and the CSP nonce of this response. */
export interface RequestScope {
  requestId: string;
  nonce: string;
  logger: Logger;
  /** The client's address, for rate limits (from X-Forwarded-For only behind TRUST_PROXY proxies). */
  clientIp: string;
}

export const servicesContext = createContext<AppServices>();
/** The logged-in customer's session, or null; read once per request by the root middleware. */
export const sessionContext = createContext<CurrentSession | null>(null);
export const requestContext = createContext<RequestScope>();

/**
 * The feature context for this request's feature calls: the process's, with the request's logger,
 * so that what a feature logs (a failed login) carries the request id of the request's own line.
 */
export function requestFeatures(context: Readonly<RouterContextProvider>): FeatureContext {
  return { ...context.get(servicesContext), logger: context.get(requestContext).logger };
}

/**
 * What the root middleware (app/request-scope.server.ts) resolves once per request, after the
 * session: loaders and actions read the locale, the page and the customer here instead of working
 * them out again.
 */
export interface PageScope {
  /** The page's path, as the router matched it (a data request's without its `.data`). */
  pathname: string;
  /** The page's language: the one its path is written in, else the visitor's preferred one. */
  locale: Locale;
  /** The locale the path is written in; null for paths without one (resources, the terminal's start). */
  pathLocale: Locale | null;
  /** The route table's page the path belongs to (app/i18n/route-table.ts), or null. */
  pageId: PageId | null;
  /** Whether the route table shows that page inside the apps' web view (its `embedded` flag). */
  embeddedPage: boolean;
  /** What every page shows of the logged-in customer, or null. */
  customer: CurrentSession['customer'] | null;
}

export const pageContext = createContext<PageScope>();

/**
 * What a feature's page loader or action takes of the router's arguments. `url` is the page's address
 * as the router normalised it (a data request's without `.data` and the router's own query values);
 * `request.url` is the address as it came in (react-router.config.ts: `v8_passThroughRequests`).
 */
export interface PageHandlerArgs {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}
