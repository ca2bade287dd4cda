import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { migratedPgliteDump, migratedPostgresTemplate } from '../../support/migrated-templates';
import { createScratchDatabase } from '../../support/scratch-services.mjs';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export interface ProxiedDatabase {
  /** DATABASE_URL for the app: the database, reached through the proxy. */
  url: string;
  /** Settings the app needs on this database besides DATABASE_URL. */
  appEnv: Record<string, string>;
  proxy: TcpProxy;
  dispose(): Promise<void>;
}

/**
 * A migrated database without rows that the app reaches only through a TCP proxy the test controls.
 * With TEST_DATABASE_URL it is a fresh copy of the migrated template on that PostgreSQL server
 * (dropped afterwards); otherwise an in-memory PGlite loaded from the migrated dump, served over TCP
 * from this process. The app's start finds the migrations applied and seeds it.
 */
export async function startProxiedDatabase(): Promise<ProxiedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const backend = serverUrl ? await postgresBackend(serverUrl) : await pgliteBackend();
  const proxy = await startTcpProxy(backend.target);
  const url = new URL(backend.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return {
    url: url.toString(),
    appEnv: backend.appEnv,
    proxy,
    async dispose() {
      await proxy.close();
      await backend.dispose();
    },
  };
}

interface Backend {
  url: string;
  appEnv: Record<string, string>;
  target: { host: string; port: number };
  dispose(): Promise<void>;
}

async function postgresBackend(serverUrl: string): Promise<Backend> {
  const template = await migratedPostgresTemplate(serverUrl);
  const { url, drop } = await createScratchDatabase(serverUrl, 'test', { template });
  const { hostname, port } = new URL(url);
  return { url, appEnv: {}, target: { host: hostname, port: Number(port || 5432) }, dispose: drop };
}

async function pgliteBackend(): Promise<Backend> {
  const db = await PGlite.create({ loadDataDir: await migratedPgliteDump() });
  // The app's connection pool opens several connections; the server multiplexes them onto PGlite.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 16 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: 'postgres://postgres:postgres@127.0.0.1/postgres',
    // Every connection reaches the same PGlite session: a statement one of them names is there for all.
    appEnv: { DATABASE_PREPARED_STATEMENTS: 'off' },
    target: { host: '127.0.0.1', port },
    async dispose() {
      await server.stop();
      await db.close();
    },
  };
}
