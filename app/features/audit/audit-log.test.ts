import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '~/db/schema';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { auditCsv, deleteExpiredAuditEntries, recordAudit, searchAuditLog } from './audit-log.server';

const year = 365 * 24 * 60 * 60 * 1000;

describe.each(databaseBackends)('the audit log on %s', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  const actor = randomUUID();
  const entry = (action: string) => ({
    actorStaffId: actor,
    action,
    subjectType: 'customer',
    subjectId: 'C-100001',
    before: { balance: 0 },
    after: { balance: 500 },
  });

  /** The database's refusal of a statement, as the message PostgreSQL sends. */
  async function refusal(statement: Promise<unknown>): Promise<string> {
    const error = await statement.then(
      () => null,
      (thrown: unknown) => thrown as Error & { cause?: Error },
    );
    if (!error) throw new Error('the statement was not refused');
    return `${error.message} ${error.cause?.message ?? ''}`;
  }

  it('records entries with recordAudit, inside a transaction or not, and finds them by filter', async () => {
    database = await createTestDatabase(backend);
    const db = database.handle.db;
    await recordAudit(db, entry('credit.goodwill'));
    await db.transaction(async (tx) => {
      await recordAudit(tx, { ...entry('customer.view'), before: undefined, after: undefined });
    });
    const all = await searchAuditLog(db, {}, 1);
    expect(all.entries.map((row) => row.action)).toEqual(['customer.view', 'credit.goodwill']);
    expect(all.entries[1]).toMatchObject({ actorStaffId: actor, before: { balance: 0 }, after: { balance: 500 } });
    expect(all.entries[0]).toMatchObject({ before: null, after: null });
    expect((await searchAuditLog(db, { action: 'credit.' }, 1)).entries).toHaveLength(1);
    expect((await searchAuditLog(db, { subjectType: 'customer', subjectId: 'C-100001' }, 1)).entries).toHaveLength(2);
    expect((await searchAuditLog(db, { actorStaffId: randomUUID() }, 1)).entries).toHaveLength(0);
    const page = await searchAuditLog(db, {}, 1, 1);
    expect(page.hasNext).toBe(true);
    expect(auditCsv(all.entries).split('\r\n')[0]).toBe(
      'id,at,actor_staff_id,action,subject_type,subject_id,before,after,request_id',
    );
  });

  it('refuses every UPDATE, DELETE and TRUNCATE in the database, whatever the code', async () => {
    database = await createTestDatabase(backend);
    const db = database.handle.db;
    await recordAudit(db, entry('credit.goodwill'));
    expect(await refusal(db.update(auditLog).set({ action: 'changed' }))).toMatch(/append-only/);
    expect(await refusal(db.delete(auditLog))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    // Not even an old entry goes without the retention job's setting.
    await db.insert(auditLog).values({ ...entry('old'), at: new Date(Date.now() - 3 * year) });
    expect(await refusal(db.delete(auditLog).where(eq(auditLog.action, 'old')))).toMatch(/append-only/);
    // And with the setting, an entry younger than 2 years stays.
    expect(
      await refusal(
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.audit_retention', 'on', true)`);
          await tx.delete(auditLog).where(eq(auditLog.action, 'credit.goodwill'));
        }),
      ),
    ).toMatch(/append-only/);
    const rows = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['credit.goodwill', 'old']);
  });

  it('lets the retention job delete entries older than 2 years, and only those', async () => {
    database = await createTestDatabase(backend);
    const db = database.handle.db;
    await db.insert(auditLog).values([
      { ...entry('three years old'), at: new Date(Date.now() - 3 * year) },
      { ...entry('one year old'), at: new Date(Date.now() - year) },
    ]);
    await recordAudit(db, entry('today'));
    expect(await deleteExpiredAuditEntries(db)).toBe(1);
    const rows = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows.map((row) => row.action)).toEqual(['one year old', 'today']);
    // The setting was the job's transaction's own: afterwards deletion is refused again.
    expect(await refusal(db.delete(auditLog))).toMatch(/append-only/);
  });
});
