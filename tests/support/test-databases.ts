import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase, rowsOf, type DatabaseHandle } from '~/db/client.server';
import { createScratchDatabase } from './scratch-services.mjs';
import { migratedPgliteDump, migratedPostgresTemplate } from './migrated-templates';
import { onTestFailed, onTestFileEnd } from './test-file-end';

/**
 * The database backends an integration test runs against: always embedded PGlite, and the real
 * PostgreSQL server too when TEST_DATABASE_URL is set (as .ci/run sets it).
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

/**
 * A migrated database with no rows in it (or, with `migrate` false, an empty one), as if new.
 *
 * Migrating takes seconds, so it happens once per machine and migration set: a migrated PGlite
 * data directory is dumped and loaded, and a migrated PostgreSQL database serves as the template of
 * the others (`migrated-templates.ts`). A test file keeps the database its first test got: when a
 * test disposes of it, it is emptied for the next one (every table truncated, every sequence back at
 * its start), which takes milliseconds where a copy takes a second. A test that asks for a second
 * database while it holds the first gets a copy of its own, closed on dispose.
 */
export async function createTestDatabase(backend: 'pglite' | 'postgres', migrate = true): Promise<TestDatabase> {
  if (!migrate) return backend === 'pglite' ? emptyPglite() : emptyPostgres();
  const kept = keptDatabases[backend];
  if (kept && !kept.inUse) {
    kept.inUse = true;
    if (await emptied(kept)) return kept.database;
    kept.inUse = false;
    await closeKept(backend);
  }
  const copy = backend === 'pglite' ? await pgliteCopy() : await postgresCopy();
  // A second database while the first is in use: a copy of its own, closed on dispose.
  return keptDatabases[backend] ? copy.database : keep(backend, copy);
}

/** A fresh, empty database on the TEST_DATABASE_URL server. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createScratchDatabase(postgresServerUrl(), 'test');
}

function postgresServerUrl(): string {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  return serverUrl;
}

interface Copy {
  /** Its `dispose` closes the handle and drops the PostgreSQL database. */
  database: TestDatabase;
  /** Drops the PostgreSQL database (the handle closed first). */
  drop?(): Promise<void>;
  /** Runs statements separated by semicolons, in the simple protocol. */
  runScript(text: string): Promise<unknown>;
}

interface KeptDatabase extends Copy {
  /** Closes it for good and drops the PostgreSQL database: at the end of the file, or after a failed test. */
  discard(): Promise<void>;
  inUse: boolean;
  /** A test closed the handle itself: it cannot be emptied and used again. */
  closed: boolean;
  /** The statement that empties it, made from its schema on first use. */
  emptying?: string;
}

const keptDatabases: Partial<Record<'pglite' | 'postgres', KeptDatabase>> = {};

function keep(backend: 'pglite' | 'postgres', copy: Copy): TestDatabase {
  const close = copy.database.handle.close;
  const kept: KeptDatabase = {
    ...copy,
    inUse: true,
    closed: false,
    async discard() {
      // A handle a test closed has nothing left to close; its PostgreSQL database still has to go.
      if (!kept.closed) await close();
      await copy.drop?.();
    },
  };
  kept.database = {
    ...copy.database,
    handle: {
      ...copy.database.handle,
      async close() {
        kept.closed = true;
        await close();
      },
    },
    async dispose() {
      kept.inUse = false;
    },
  };
  keptDatabases[backend] = kept;
  onTestFileEnd(() => closeKept(backend));
  onTestFailed(() => closeKept(backend));
  return kept.database;
}

async function closeKept(backend: 'pglite' | 'postgres'): Promise<void> {
  const kept = keptDatabases[backend];
  if (!kept) return;
  delete keptDatabases[backend];
  await kept.discard();
}

/**
 * Every table of the schema truncated and every sequence restarted, in one transaction. Triggers
 * are off for it (the audit log refuses TRUNCATE, as it should for the app); a lock a test left
 * behind (a connection of its own in a transaction) makes it give up, and the file gets a new copy.
 * Any other failure is said once: the tests still pass on copies, but each costs a second.
 */
async function emptied(kept: KeptDatabase): Promise<boolean> {
  if (kept.closed) return false;
  try {
    kept.emptying ??= await emptyingScript(kept.database.handle);
    await kept.runScript(kept.emptying);
    return true;
  } catch (error) {
    const lockTimeout = (error as { code?: unknown }).code === '55P03';
    if (!lockTimeout && !warnedOfEmptying) {
      warnedOfEmptying = true;
      console.warn(`A test database could not be emptied; tests take a new copy each: ${String(error)}`);
    }
    return false;
  }
}

let warnedOfEmptying = false;

async function emptyingScript({ db }: DatabaseHandle): Promise<string> {
  const names = async (query: SQL) => (rowsOf(await db.execute(query)) as { name: string }[]).map((row) => row.name);
  const tables = await names(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`);
  const sequences = await names(
    sql`select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'`,
  );
  return [
    'begin',
    "set local lock_timeout = '5s'",
    'set local session_replication_role = replica',
    `truncate ${tables.join(', ')} restart identity cascade`,
    ...sequences.map((sequence) => `alter sequence ${sequence} restart`),
    'commit',
  ].join(';\n');
}

async function pgliteCopy(): Promise<Copy> {
  const client = await PGlite.create({ loadDataDir: await migratedPgliteDump() });
  const handle = await openDatabase({ pgliteClient: client });
  return { database: { handle, dispose: () => handle.close() }, runScript: (text) => client.exec(text) };
}

async function postgresCopy(): Promise<Copy> {
  const serverUrl = postgresServerUrl();
  const database = await onPostgres(
    await createScratchDatabase(serverUrl, 'test', { template: await migratedPostgresTemplate(serverUrl) }),
  );
  const pool = (database.handle.db as unknown as { $client: pg.Pool }).$client;
  return { database, drop: database.drop, runScript: (text) => pool.query(text) };
}

async function emptyPglite(): Promise<TestDatabase> {
  const handle = await openDatabase({ pgliteClient: await PGlite.create() });
  return { handle, dispose: () => handle.close() };
}

async function emptyPostgres(): Promise<TestDatabase> {
  return onPostgres(await createPostgresDatabase());
}

/** A handle on a scratch database; `dispose` closes it and drops the database. */
async function onPostgres({
  url,
  drop,
}: {
  url: string;
  drop(): Promise<void>;
}): Promise<TestDatabase & { drop(): Promise<void> }> {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
  return {
    handle,
    url,
    drop,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}
