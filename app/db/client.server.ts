import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { lockDataDirectory } from './data-directory-lock.server';
import { withNamedStatements } from './pglite-named-statements.server';
import * as schema from './schema';

/** Both drivers give the same PostgreSQL-dialect Drizzle database. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows a raw statement (`db.execute`) returned. Drizzle types a raw result by driver; both of the
 * app's drivers (node-postgres and PGlite) answer with `rows`.
 */
export function rowsOf(result: unknown): unknown[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('a raw statement answered without rows');
  return rows;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when a trivial query answers; used by /health. */
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections, for the metrics; null on PGlite (one in-process connection). */
  poolUse(): PoolUse | null;
  close(): Promise<void>;
}

export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a free connection: above 0 for long means the pool is too small. */
  waiting: number;
}

export interface DatabaseOptions {
  /** A PostgreSQL server; without it an embedded PGlite database lives in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  /** Keeps PGlite in memory (tests). */
  inMemory?: boolean;
  /** An open PGlite instance to use (tests clone a migrated template). */
  pgliteClient?: PGlite;
  poolSize?: number;
  /** False: every query goes unnamed, for poolers that share a server session among connections. */
  preparedStatements?: boolean;
  onPoolError?: (error: Error) => void;
  /** How long a query on PostgreSQL may go unanswered (tests shorten it). */
  queryTimeoutMs?: number;
}

export const migrationsFolder = path.resolve('app/db/migrations');

/** Any fixed number works; every instance must use the same one. */
const MIGRATION_LOCK_KEY = 727_906_091;

/** How long a query on PostgreSQL may go unanswered before it fails (a request's take milliseconds). */
export const databaseQueryTimeoutMs = 30_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dataPath: string | undefined;
  let lock: { release(): void } | undefined;
  if (!options.inMemory && !options.pgliteClient) {
    const dataDir = options.dataDir ?? './data';
    dataPath = path.join(dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    lock = lockDataDirectory(dataDir);
  }
  let client: PGlite;
  try {
    client = options.pgliteClient ?? (await PGlite.create(dataPath));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite(withNamedStatements(client), { schema });
  return {
    db,
    kind: 'pglite',
    // PGlite is one process's own database: nobody else can migrate it concurrently. Its statements run
    // once, so they go PGlite's own way rather than into the named statements' cache.
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    ping: () => ping(db),
    poolUse: () => null,
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A connection whose network goes silent (a partition, a failover that drops no packet back)
    // answers nothing and reports no error: without a limit its query, the request waiting for it and
    // the connection's place in the pool would wait for ever. Past the limit the query fails, and the
    // connection is dropped (`transactionsOnOwnConnections` for transactions). No query of a request
    // comes near it; migrations have a connection of their own, without it.
    query_timeout: options.queryTimeoutMs ?? databaseQueryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A server restart or failover ends every connection: idle ones, and ones checked out for a
  // transaction. pg emits 'error' on a checked-out client, and an 'error' event nobody listens to
  // ends the process; so every client gets a listener of its own. A broken client is dropped when
  // it is released, and the pool opens new connections on demand.
  pool.on('connect', (client) => client.on('error', (error) => options.onPoolError?.(error)));
  if (options.preparedStatements === false) pool.on('connect', sendQueriesUnnamed);
  // The pool passes on the errors of its idle clients too; their own listener has reported them.
  pool.on('error', () => {});
  const db = transactionsOnOwnConnections(drizzlePg(pool, { schema }), pool);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Instances that start together queue on one advisory lock; the first applies the
      // migrations, the others then find nothing left to do. Waiting for the lock and a migration's
      // statements may take longer than a request's query may.
      const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
      client.on('error', (error) => options.onPoolError?.(error));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        await client.end();
      }
    },
    ping: () => ping(db),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * Drizzle's transactions on a pool lose the connection's place for good when `begin` fails (it is
 * never released), and hand a connection whose statement timed out back to the pool, where the
 * next transaction waits on it too. Here a transaction checks out its connection itself and
 * releases it with the failure that leaves it unusable, so that the pool drops it; the rest is
 * Drizzle's own transaction on that connection (one Drizzle instance per connection, made once).
 */
function transactionsOnOwnConnections<T extends Database>(db: T, pool: pg.Pool): T {
  const onConnection = new WeakMap<pg.PoolClient, Database>();
  const transaction: typeof db.transaction = async (run, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      let own = onConnection.get(client);
      if (!own) {
        own = drizzlePg(client, { schema });
        onConnection.set(client, own);
      }
      return await own.transaction(run, config);
    } catch (error) {
      if (isConnectionFailure(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  return Object.assign(db, { transaction });
}

/**
 * A failure of the connection rather than of a statement: pg's own timeout and lost-connection
 * errors, a socket error, or PostgreSQL's connection exception (08…) and operator intervention
 * (57P…, a shutdown or a terminated backend). Drizzle wraps them; the cause says.
 */
function isConnectionFailure(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/^(Query read timeout|Connection terminated)/.test(cause.message)) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(08|57P|ECONNRESET$|EPIPE$|ETIMEDOUT$)/.test(code)) return true;
  }
  return false;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A named statement is prepared once per connection, and pg remembers on which connections it did.
 * Behind a pooler that hands one server session to several connections (PgBouncer's transaction
 * pooling without `max_prepared_statements`, a PGlite socket server) another connection finds the
 * name taken ("prepared statement … already exists"). With DATABASE_PREPARED_STATEMENTS=off every
 * query of the client goes unnamed: parsed each time, as without prepared queries.
 */
function sendQueriesUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(isNamedQueryConfig(config) ? { ...config, name: undefined } : config, ...rest)) as typeof client.query;
}

function isNamedQueryConfig(config: unknown): config is pg.QueryConfig & { name: string } {
  return (
    typeof config === 'object' &&
    config !== null &&
    !('submit' in config) &&
    typeof (config as { name?: unknown }).name === 'string'
  );
}
