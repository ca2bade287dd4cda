import { startAppServer } from '../../support/app-server';

/**
 * Builds the app when needed and starts the server most specs share (brand cab, embedded PGlite in a
 * fresh data directory). Workers find its address in E2E_BASE_URL; the returned function stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startAppServer();
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
  };
}
