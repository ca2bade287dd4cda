/**
 * The few parts of the Sentry browser SDK we use, imported by name so that the bundler keeps only
 * those (a dynamic import of the whole package would keep replay, feedback and the rest). This
 * module is itself imported on demand, only on pages of a site with a DSN.
 */
export { captureException, captureReactException, init } from '@sentry/react';
