/** Where the browser sends its errors when no Sentry DSN is configured. */
export const clientErrorEndpoint = '/resources/client-errors';

export const clientErrorKinds = [
  'error',
  'unhandledrejection',
  'react-uncaught',
  'react-caught',
  'react-recoverable',
] as const;
export type ClientErrorKind = (typeof clientErrorKinds)[number];

/** What the browser sends: one error, as text. The form field `report` holds it as JSON. */
export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  stack?: string;
  componentStack?: string;
  /** The page's path (the browser already drops the query; the server drops it again). */
  path: string;
}
