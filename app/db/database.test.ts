import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPostgresDatabase,
  createTestDatabase,
  databaseBackends,
  type TestDatabase,
} from '../../tests/support/test-databases';
import { openDatabase } from './client.server';
import { startFreezableProxy } from '../../tests/support/freezable-proxy';
import { tariffs } from './schema';
import { seedReferenceData } from './seed/seed.server';
import { listTariffs } from '~/features/tariffs/tariffs.server';
import journal from './migrations/meta/_journal.json';

/** Both drivers answer raw SQL with `{ rows }`; their types differ. */
const firstRow = (result: unknown) => (result as { rows: unknown[] }).rows[0];

describe.each(databaseBackends)('database on %s', (backend) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it('migrates an empty database and migrating again changes nothing', async () => {
    database = await createTestDatabase(backend);
    await database.handle.migrate();
    const result = await database.handle.db.execute(sql`select count(*)::int as n from tariffs`);
    expect(firstRow(result)).toEqual({ n: 0 });
    expect(await database.handle.ping()).toBe(true);
  });

  it('seeds reference data once and keeps an operator’s price change', async () => {
    database = await createTestDatabase(backend);
    const { db } = database.handle;
    await seedReferenceData(db);
    await db.update(tariffs).set({ baseFeeCents: 5900 }).where(eq(tariffs.id, 'komfort-jahr'));
    await seedReferenceData(db);
    const cab = await listTariffs(db, 'cab');
    expect(cab.map((tariff) => tariff.id)).toEqual(['basis', 'komfort-monat', 'komfort-jahr']);
    expect(cab.find((tariff) => tariff.id === 'komfort-jahr')?.baseFeeCents).toBe(5900);
    expect((await listTariffs(db, 'flinkster')).map((tariff) => tariff.baseFeeCents)).toEqual([0]);
  });

  if (backend === 'postgres') {
    it('survives the server ending a connection in the middle of a transaction, and reconnects', async () => {
      const lost: Error[] = [];
      database = await createTestDatabase('postgres', false);
      const handle = await openDatabase({ databaseUrl: database.url, poolSize: 2, onPoolError: (e) => lost.push(e) });
      try {
        const transaction = handle.db.transaction(async (tx) => {
          const result = await tx.execute(sql`select pg_backend_pid() as pid`);
          const { pid } = firstRow(result) as { pid: number };
          // As a restart does: the server ends the connection while the transaction waits between statements.
          await database!.handle.db.execute(sql`select pg_terminate_backend(${pid})`);
          await expect.poll(() => lost.length).toBe(1);
          await tx.execute(sql`select 1`);
        });
        await expect(transaction).rejects.toThrow();
        expect(lost[0]?.message).toMatch(/terminating connection/);
        expect(await handle.ping()).toBe(true);
      } finally {
        await handle.close();
      }
    });

    it('fails a query whose connection went silent, drops that connection and serves the next query on another', async () => {
      database = await createTestDatabase('postgres', false);
      const proxy = await startFreezableProxy(new URL(database.url!));
      const handle = await openDatabase({ databaseUrl: proxy.url, poolSize: 1, queryTimeoutMs: 300 });
      try {
        expect(await handle.ping()).toBe(true);
        // As a network partition does: the connection stays open, and nothing comes back.
        proxy.freeze();
        await expect(handle.db.execute(sql`select 1`)).rejects.toMatchObject({
          cause: expect.objectContaining({ message: expect.stringMatching(/timeout/i) }),
        });
        proxy.thaw();
        // The pool's only place was the silent connection's: a new one answers.
        expect(await handle.ping()).toBe(true);
      } finally {
        await handle.close();
        await proxy.close();
      }
    });

    it('drops the connection of a transaction whose statement went unanswered, at begin or later', async () => {
      database = await createTestDatabase('postgres', false);
      const proxy = await startFreezableProxy(new URL(database.url!));
      const handle = await openDatabase({ databaseUrl: proxy.url, poolSize: 1, queryTimeoutMs: 300 });
      const timedOut = { cause: expect.objectContaining({ message: expect.stringMatching(/timeout/i) }) };
      try {
        expect(await handle.ping()).toBe(true);
        // At begin, on the pool's open connection: Drizzle's own transaction never gave it back.
        proxy.freeze();
        await expect(handle.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toMatchObject(timedOut);
        proxy.thaw();
        expect(await handle.db.transaction(async (tx) => firstRow(await tx.execute(sql`select 2 as n`)))).toEqual({
          n: 2,
        });
        // Inside: the rollback times out too, and the connection must not go back to the pool.
        const transaction = handle.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.freeze();
          await tx.execute(sql`select 2`);
        });
        await expect(transaction).rejects.toMatchObject(timedOut);
        proxy.thaw();
        expect(await handle.db.transaction(async (tx) => firstRow(await tx.execute(sql`select 3 as n`)))).toEqual({
          n: 3,
        });
        expect(await handle.ping()).toBe(true);
      } finally {
        await handle.close();
        await proxy.close();
      }
    });

    it('lets two instances that start together migrate safely', async () => {
      database = await createTestDatabase('postgres', false);
      const second = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      try {
        await Promise.all([database.handle.migrate(), second.migrate(), database.handle.migrate()]);
        const applied = await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect(firstRow(applied)).toEqual({ n: journal.entries.length });
      } finally {
        await second.close();
      }
    });
  }
});

describe.runIf(databaseBackends.includes('postgres'))('named statements on postgres', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A handle on a fresh database; the pool's only connection already holds a statement named `tariff_probe`. */
  async function handleWithTakenName(preparedStatements?: boolean) {
    const { url, drop } = await createPostgresDatabase();
    cleanups.push(drop);
    const handle = await openDatabase({ databaseUrl: url, poolSize: 1, preparedStatements });
    cleanups.push(() => handle.close());
    await handle.migrate();
    await seedReferenceData(handle.db);
    // As through a pooler that shares one server session among connections: the name is taken
    // on the server, and the driver does not know it.
    await handle.db.execute(sql.raw('prepare tariff_probe as select 1'));
    const probe = handle.db
      .select({ id: tariffs.id })
      .from(tariffs)
      .where(eq(tariffs.id, sql.placeholder('id')))
      .prepare('tariff_probe');
    return () => probe.execute({ id: 'basis' });
  }

  it('are sent by default, and fail where another connection took the name', async () => {
    const probe = await handleWithTakenName();
    await expect(probe()).rejects.toMatchObject({ cause: { code: '42P05' } });
  });

  it('are sent unnamed with DATABASE_PREPARED_STATEMENTS=off, so a taken name does not matter', async () => {
    const probe = await handleWithTakenName(false);
    expect(await probe()).toEqual([{ id: 'basis' }]);
    expect(await probe()).toEqual([{ id: 'basis' }]);
  });
});
