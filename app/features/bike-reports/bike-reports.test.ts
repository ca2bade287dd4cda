import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bikeReportRules } from '~/config/bike-reports';
import { brandProfiles } from '~/config/brand';
import type { Database } from '~/db/client.server';
import { bikeReports, customers, outbox } from '~/db/schema';
import { registerCustomer } from '~/features/accounts/registration.server';
import { memoryRateLimitStore } from '~/platform/rate-limit/store';
import { createAccountFixture, registration, type AccountFixture } from '../../../tests/support/account-fixtures';
import { databaseBackends } from '../../../tests/support/test-databases';
import { fileBikeReport, type BikeReportContext } from './bike-reports.server';
import { confirmationQuery, verifiedReference } from '~/shared/reports/confirmation-link.server';
import { isReference } from '~/shared/reports/reference.server';
import type { BikeReport } from './report-schema';

const serviceTeam = 'service-team@example.org';

function report(overrides: Partial<BikeReport> = {}): BikeReport {
  return {
    kind: 'found',
    bikeNumber: '12345',
    location: { source: 'position', text: null, lat: 52.52, lon: 13.405 },
    seenAt: new Date('2026-06-10T09:30:00Z'),
    description: 'Steht im Gebüsch am Ufer.',
    email: 'finder@example.org',
    phone: undefined,
    ...overrides,
  };
}

const anonymous = { customerId: null, locale: 'de', clientIp: '192.0.2.10' } as const;

describe.each(databaseBackends)('bike reports on %s', (backend) => {
  let fixture: AccountFixture;
  afterEach(async () => {
    await fixture?.database.dispose();
  });

  function reportContext(overrides: Partial<BikeReportContext> = {}): BikeReportContext {
    return {
      db: fixture.context.db,
      brand: brandProfiles.cab,
      rateLimits: memoryRateLimitStore(),
      serviceTeamEmail: serviceTeam,
      logger: { info: () => {}, warn: () => {} },
      onMailQueued: () => {},
      ...overrides,
    };
  }

  async function registeredCustomer(): Promise<string> {
    const outcome = await registerCustomer(fixture.context, registration(), { locale: 'en' });
    if (outcome.kind !== 'created') throw new Error('registration failed');
    return outcome.customerId;
  }

  it('stores an anonymous report and queues the confirmation and the service copy in its transaction', async () => {
    fixture = await createAccountFixture(backend);
    const outcome = await fileBikeReport(reportContext(), report(), anonymous);
    if (outcome.kind !== 'created') throw new Error(`not created: ${outcome.kind}`);
    expect(outcome.reference).toMatch(/^R-2\d{3}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/);

    const [stored] = await fixture.context.db.select().from(bikeReports);
    expect(stored).toMatchObject({
      reference: outcome.reference,
      kind: 'found',
      bikeNumber: '12345',
      locationSource: 'position',
      contactEmail: 'finder@example.org',
      customerId: null,
      locale: 'de',
    });
    const mails = await fixture.context.db.select().from(outbox);
    expect(mails.map((mail) => [mail.recipient, mail.kind]).sort()).toEqual([
      ['finder@example.org', 'bike-report-confirmation'],
      [serviceTeam, 'bike-report-service'],
    ]);
    for (const mail of mails) expect(mail.text).toContain(outcome.reference);
    expect(mails.find((mail) => mail.recipient === serviceTeam)?.text).toContain(
      'https://www.openstreetmap.org/?mlat=52.52000&mlon=13.40500',
    );
    // now() is the transaction's start: one transaction wrote the report and both mails.
    expect(new Set([stored!.createdAt, ...mails.map((mail) => mail.createdAt)].map((d) => d.getTime())).size).toBe(1);
  });

  it('stores neither report nor mail when queueing a mail fails', async () => {
    fixture = await createAccountFixture(backend);
    const failing = failSecondOutboxInsert(fixture.context.db);
    await expect(fileBikeReport(reportContext({ db: failing }), report(), anonymous)).rejects.toThrow(
      'outbox unavailable',
    );
    expect(await fixture.context.db.select().from(bikeReports)).toHaveLength(0);
    expect(await fixture.context.db.select().from(outbox)).toHaveLength(0);
  });

  it('refuses "lost or stolen" without a login, stores it for a customer with their id', async () => {
    fixture = await createAccountFixture(backend);
    expect(await fileBikeReport(reportContext(), report({ kind: 'lost' }), anonymous)).toEqual({
      kind: 'refused',
      field: 'kind',
      message: 'bike-report.kind.login-required',
    });
    // An id of no (longer existing) customer is no login either.
    expect(
      await fileBikeReport(reportContext(), report({ kind: 'lost' }), {
        ...anonymous,
        customerId: '00000000-0000-4000-8000-000000000000',
      }),
    ).toMatchObject({ kind: 'refused', field: 'kind' });
    expect(await fixture.context.db.select().from(bikeReports)).toHaveLength(0);

    const customerId = await registeredCustomer();
    const outcome = await fileBikeReport(reportContext(), report({ kind: 'lost', email: undefined }), {
      customerId,
      locale: 'en',
      clientIp: '192.0.2.10',
    });
    expect(outcome.kind).toBe('created');
    const [stored] = await fixture.context.db.select().from(bikeReports);
    expect(stored).toMatchObject({ kind: 'lost', customerId, contactEmail: 'erika@example.org', locale: 'en' });
    // Without a contact email the confirmation goes to the account's address, in the report's language.
    const [confirmation] = await fixture.context.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'bike-report-confirmation'));
    expect(confirmation).toMatchObject({ recipient: 'erika@example.org' });
    expect(confirmation?.subject).toMatch(/^Your report R-/);
    const [customer] = await fixture.context.db.select().from(customers);
    const [service] = await fixture.context.db.select().from(outbox).where(eq(outbox.kind, 'bike-report-service'));
    expect(service?.text).toContain(`Kundennummer ${customer?.customerNumber}`);
  });

  it('gives every report its own reference, drawing again when one is taken', async () => {
    fixture = await createAccountFixture(backend);
    const context = reportContext({ rateLimits: memoryRateLimitStore() });
    const references = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        fileBikeReport(context, report(), { ...anonymous, clientIp: `192.0.2.${i}` }).then((outcome) =>
          outcome.kind === 'created' ? outcome.reference : outcome.kind,
        ),
      ),
    );
    expect(references.every(isReference)).toBe(true);
    expect(new Set(references).size).toBe(60);

    // A random source that repeats itself: the second report collides once, then gets a new part.
    const parts = ['AAAAAA', 'AAAAAA', 'BBBBBB'];
    const repeating = reportContext({ randomPart: () => parts.shift() ?? 'CCCCCC' });
    const first = await fileBikeReport(repeating, report(), anonymous);
    const second = await fileBikeReport(repeating, report(), anonymous);
    expect(first.kind === 'created' && first.reference).toMatch(/-AAAAAA$/);
    expect(second.kind === 'created' && second.reference).toMatch(/-BBBBBB$/);
    expect(await fixture.context.db.select().from(bikeReports)).toHaveLength(62);
    // The failed attempt left no mail behind: two per report.
    expect(await fixture.context.db.select().from(outbox)).toHaveLength(124);
  });

  it('limits anonymous reports per IP address (an IPv6 address by its /64), and logged-in ones per customer', async () => {
    fixture = await createAccountFixture(backend);
    const context = reportContext();
    const limit = bikeReportRules.anonymousReportsPerIpPerHour;
    for (let i = 0; i < limit; i++) expect((await fileBikeReport(context, report(), anonymous)).kind).toBe('created');
    expect(await fileBikeReport(context, report(), anonymous)).toEqual({ kind: 'rate-limited' });
    expect((await fileBikeReport(context, report(), { ...anonymous, clientIp: '192.0.2.99' })).kind).toBe('created');
    const customerId = await registeredCustomer();
    const loggedIn = { ...anonymous, customerId };
    for (let i = 0; i < bikeReportRules.reportsPerCustomerPerHour; i++) {
      expect((await fileBikeReport(context, report(), { ...loggedIn, clientIp: `198.51.100.${i}` })).kind).toBe(
        'created',
      );
    }
    expect(await fileBikeReport(context, report(), { ...loggedIn, clientIp: '198.51.100.250' })).toEqual({
      kind: 'rate-limited',
    });

    const ipv6 = (host: number) => ({ ...anonymous, clientIp: `2001:db8:1:2::${host.toString(16)}` });
    for (let i = 0; i < limit; i++) expect((await fileBikeReport(context, report(), ipv6(i))).kind).toBe('created');
    expect(await fileBikeReport(context, report(), ipv6(999))).toEqual({ kind: 'rate-limited' });
  });
});

describe('confirmation link', () => {
  it('shows only references the server signed', () => {
    const query = confirmationQuery('R-2026-ABCDEF', 'secret-1');
    expect(verifiedReference(query, 'secret-1')).toBe('R-2026-ABCDEF');
    expect(verifiedReference(query, 'secret-2')).toBeNull();
    query.set('reference', 'R-2026-ABCDEG');
    expect(verifiedReference(query, 'secret-1')).toBeNull();
    expect(verifiedReference(new URLSearchParams({ reference: '<script>', signature: 'x' }), 'secret-1')).toBeNull();
  });
});

/** The database, except that the second outbox insert inside a transaction fails. */
function failSecondOutboxInsert(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      return (work: (tx: unknown) => Promise<unknown>) =>
        target.transaction((tx) => {
          let outboxInserts = 0;
          const wrapped = new Proxy(tx, {
            get(inner, name, innerReceiver) {
              if (name !== 'insert') return Reflect.get(inner, name, innerReceiver);
              return (table: unknown) => {
                if (table === outbox && ++outboxInserts === 2) throw new Error('outbox unavailable');
                return inner.insert(table as typeof outbox);
              };
            },
          });
          return work(wrapped);
        });
    },
  });
}
