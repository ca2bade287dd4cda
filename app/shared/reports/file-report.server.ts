import { eq } from 'drizzle-orm';
import { reportRules } from '~/config/reports';
import type { Database } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors';
import { customers } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { RenderedMail } from '~/shared/mail/templates';
import { formatReference, randomReferencePart } from './reference.server';
import { addressGroup } from '~/shared/security/address-group.server';

/**
 * What filing any report needs (docs/rules/reports.md#what-every-report-has): who reports, the limit on
 * anonymous reports, and storing the report with a new reference together with its mails.
 */
export interface FileReportContext extends Pick<
  FeatureContext,
  'db' | 'brand' | 'rateLimits' | 'serviceTeamEmail' | 'logger' | 'onMailQueued'
> {
  /** The random part of references; tests pass their own to force a collision. */
  randomPart?: () => string;
  now?: () => Date;
}

export interface Reporter {
  /** The logged-in customer, or null for an anonymous report. */
  customerId: string | null;
  customerNumber: string | null;
  /** Where the reference goes: the email given, or the account's. Null when there is neither. */
  contactEmail: string | null;
}

/** The reporter: the account when the customer exists, and the contact email the confirmation goes to. */
export async function reporterOf(
  db: Database,
  customerId: string | null,
  email: string | undefined,
): Promise<Reporter> {
  let account: { email: string; customerNumber: string } | undefined;
  if (customerId) {
    [account] = await db
      .select({ email: customers.email, customerNumber: customers.customerNumber })
      .from(customers)
      .where(eq(customers.id, customerId));
  }
  return {
    customerId: account ? customerId : null,
    customerNumber: account?.customerNumber ?? null,
    contactEmail: email ?? account?.email ?? null,
  };
}

/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const hourMs = 60 * 60 * 1000;

/**
 * Reports per hour: a logged-in customer's per account, anonymous ones per address group; false when this
 * one is over the limit.
 */
export function withinReportLimit(
  context: Pick<FeatureContext, 'rateLimits'>,
  kind: string,
  reporter: { customerId: string | null; clientIp: string },
): Promise<boolean> {
  return reporter.customerId
    ? context.rateLimits.hit(`${kind}-customer:${reporter.customerId}`, {
        max: reportRules.reportsPerCustomerPerHour,
        windowMs: hourMs,
      })
    : context.rateLimits.hit(`${kind}-ip:${addressGroup(reporter.clientIp)}`, {
        max: reportRules.anonymousReportsPerIpPerHour,
        windowMs: hourMs,
      });
}

export interface QueuedMail {
  to: string;
  mail: RenderedMail;
}

/**
 * Stores a report with a new reference and queues its mails in the same transaction — a report is
 * never stored without its mails, nor a mail sent for a report that was not stored. `store` writes the
 * report's rows and returns its id and mails; when another report took the reference (the unique
 * index says so), it runs again with a new one.
 */
export async function storeWithReference(
  context: FileReportContext,
  what: string,
  store: (tx: Transaction, reference: string) => Promise<{ id: string; mails: QueuedMail[] }>,
): Promise<{ reference: string; id: string }> {
  const now = context.now?.() ?? new Date();
  const randomPart = context.randomPart ?? randomReferencePart;
  for (let attempt = 1; ; attempt++) {
    const reference = formatReference(now, randomPart());
    try {
      const stored = await context.db.transaction(async (tx) => {
        const result = await store(tx, reference);
        for (const { to, mail } of result.mails) await enqueueMail(tx, to, mail);
        return result;
      });
      for (const { to, mail } of stored.mails) context.onMailQueued(to, mail.subject, mail.text);
      return { reference, id: stored.id };
    } catch (error) {
      if (isUniqueViolation(error) && attempt < reportRules.reference.attempts) {
        context.logger.warn({ attempt }, `${what} reference taken, drawing a new one`);
        continue;
      }
      throw error;
    }
  }
}

/** The contact data a logged-in customer's report form starts with. */
export async function reportPrefill(db: Database, customerId: string) {
  const [row] = await db
    .select({ email: customers.email, phone: customers.phoneE164 })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row ?? null;
}
