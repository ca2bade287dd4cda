import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { customers } from '~/db/schema';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { registerCustomer } from './registration.server';
import { createSession, readSession, sessionCookie } from './sessions.server';

const day = 24 * 60 * 60 * 1000;

describe.each(databaseBackends)('sessions on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  async function customerId() {
    await registerCustomer(fixture.context, registration(), { locale: 'de' });
    const [row] = await fixture.context.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, 'erika@example.org'));
    return row!.id;
  }

  it('lives 30 days from the last use: each visit moves the end, a month of silence ends it', async () => {
    fixture = await createAccountFixture(backend);
    const start = new Date('2026-03-01T08:00:00Z');
    const { token, expiresAt } = await createSession(fixture.context.db, await customerId(), 'test', start);
    expect(expiresAt.getTime() - start.getTime()).toBe(30 * day);

    // Used again after 29 days: valid, and renewed for another 30 days from then.
    const visit = new Date(start.getTime() + 29 * day);
    expect((await readSession(fixture.context.db, token, visit))?.renewedUntil).toEqual(
      new Date(visit.getTime() + 30 * day),
    );
    // Then a month without a visit: over.
    expect(await readSession(fixture.context.db, token, new Date(visit.getTime() + 30 * day + 1000))).toBeNull();
  });

  it('is renewed at most once an hour, so that reading a session does not write on every request', async () => {
    fixture = await createAccountFixture(backend);
    const start = new Date('2026-03-01T08:00:00Z');
    const { token } = await createSession(fixture.context.db, await customerId(), 'test', start);
    expect(
      (await readSession(fixture.context.db, token, new Date(start.getTime() + 59 * 60_000)))?.renewedUntil,
    ).toBeUndefined();
    const hourLater = new Date(start.getTime() + 60 * 60_000);
    expect((await readSession(fixture.context.db, token, hourLater))?.renewedUntil).toEqual(
      new Date(hourLater.getTime() + 30 * day),
    );
  });

  it('refuses tokens that are not one of ours without asking the database for them', async () => {
    fixture = await createAccountFixture(backend);
    expect(await readSession(fixture.context.db, 'x'.repeat(43))).toBeNull();
    expect(await readSession(fixture.context.db, "' or 1=1 --")).toBeNull();
  });
});

describe('the session cookie', () => {
  it('is httpOnly and SameSite=Lax, Secure and host-only (`__Host-`) over HTTPS, and lives as long as the session', () => {
    const expiresAt = new Date(Date.now() + 30 * day);
    const cookie = sessionCookie('t'.repeat(43), expiresAt, true);
    expect(cookie).toMatch(/^__Host-sid=t{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(\d+); Secure$/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(sessionCookie('t'.repeat(43), expiresAt, false)).toMatch(
      /^sid=t{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/,
    );
  });
});
