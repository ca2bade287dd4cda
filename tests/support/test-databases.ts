import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type DatabaseHandle } from '~/db/client.server';
import { createScratchDatabase } from './scratch-services.mjs';

/**
 * The database backends an integration test runs against: always embedded PGlite, and the real
 * PostgreSQL server too when TEST_DATABASE_URL is set (as .ci/run sets it). Each PostgreSQL test
 * gets a database of its own, dropped afterwards.
 */
export const databaseBackends: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the PostgreSQL test database (undefined for PGlite). */
  url?: string;
  dispose(): Promise<void>;
}

export async function createTestDatabase(backend: 'pglite' | 'postgres', migrate = true): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const client = migrate ? ((await migratedTemplate()).clone() as Promise<PGlite>) : PGlite.create();
    const handle = await openDatabase({ pgliteClient: await client });
    return { handle, dispose: () => handle.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
  if (migrate) await handle.migrate();
  return {
    handle,
    url,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}

/** A fresh, empty database on the TEST_DATABASE_URL server. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchDatabase(serverUrl, 'test');
}

let template: Promise<PGlite> | undefined;

/** Migrating PGlite takes seconds; cloning a migrated copy takes a fraction of that. */
function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create();
    await (await openDatabase({ pgliteClient: client })).migrate();
    return client;
  })();
  return template;
}
