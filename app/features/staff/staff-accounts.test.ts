import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppServices } from '~/context';
import { auditLog, staffSessions } from '~/db/schema';
import { retentionRules } from '~/features/retention/retention-rules.server';
import { testServices } from '../../../tests/support/route-harness';
import { createTestDatabase, databaseBackends, type TestDatabase } from '../../../tests/support/test-databases';
import { createStaffAccount, deactivateStaffAccount, listStaffAccounts } from './staff-accounts.server';
import { createStaffSession, readStaffSession } from './staff-sessions.server';

describe.each(databaseBackends)('staff accounts on %s', (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  beforeAll(async () => {
    await (await createTestDatabase(backend)).dispose();
  }, 120_000);
  afterEach(async () => {
    await database?.dispose();
  });

  async function staff(email: string, role: 'agent' | 'admin') {
    const outcome = await createStaffAccount(services, { email, displayName: email.split('@')[0]!, role }, null);
    if (outcome.kind !== 'created') throw new Error('not created');
    return outcome.enrolment.staffId;
  }

  it('refuses a second account for an email, deactivates with its sessions ended, never oneself', async () => {
    database = await createTestDatabase(backend);
    services = testServices(database.handle);
    const admin = await staff('admin@example.com', 'admin');
    const agent = await staff('agent@example.com', 'agent');
    expect(
      await createStaffAccount(services, { email: 'AGENT@example.com', displayName: 'Twin', role: 'admin' }, admin),
    ).toEqual({ kind: 'email-taken' });
    const { token } = await createStaffSession(services.db, agent, 'active', 'Firefox');
    expect(await readStaffSession(services.db, token)).not.toBeNull();

    expect(await deactivateStaffAccount(services, admin, admin)).toBe('self');
    expect(await deactivateStaffAccount(services, admin, agent)).toBe('deactivated');
    expect(await deactivateStaffAccount(services, admin, agent)).toBe('already-inactive');
    expect(await readStaffSession(services.db, token)).toBeNull();
    const { staff: listed } = await listStaffAccounts(services, 1);
    expect(listed.map((entry) => [entry.email, entry.active])).toEqual([
      ['admin@example.com', true],
      ['agent@example.com', false],
    ]);
    const entries = await services.db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['staff.create', null, expect.objectContaining({ email: 'admin@example.com', role: 'admin' })],
      ['staff.create', null, expect.objectContaining({ email: 'agent@example.com', role: 'agent' })],
      ['staff.deactivate', { active: true }, { active: false }],
    ]);
  });

  it('lets the retention job delete ended staff sessions and keep live ones', async () => {
    database = await createTestDatabase(backend);
    services = testServices(database.handle);
    const agent = await staff('agent@example.com', 'agent');
    const now = new Date();
    const minutes = (count: number) => new Date(now.getTime() - count * 60_000);
    await createStaffSession(services.db, agent, 'active', 'idle', minutes(20));
    await createStaffSession(services.db, agent, 'active', 'live', minutes(5));
    const rule = retentionRules.find((candidate) => candidate.name === 'ended staff sessions');
    expect(await rule!.apply(services.db, now)).toBe(1);
    const left = await services.db.select({ userAgent: staffSessions.userAgent }).from(staffSessions);
    expect(left).toEqual([{ userAgent: 'live' }]);
  });
});
