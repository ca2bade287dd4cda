import { eq } from 'drizzle-orm';
import { bikeReportRules } from '~/config/bike-reports';
import type { Database } from '~/db/client.server';
import { isUniqueViolation } from '~/db/errors';
import { bikeReports, customers } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { enqueueMail } from '~/shared/mail/outbox.server';
import type { Locale } from '~/i18n/locales';
import { formatReference, randomReferencePart } from './reference.server';
import { reporterMail, serviceTeamMail, type ReportSummary } from './report-mails';
import { kindNeedsLogin } from './report-kinds';
import type { BikeReport } from './report-schema';

/** What filing a report needs from the process. */
export interface BikeReportContext extends Pick<
  FeatureContext,
  'db' | 'brand' | 'rateLimits' | 'serviceTeamEmail' | 'logger' | 'onMailQueued'
> {
  /** The random part of references; tests pass their own to force a collision. */
  randomPart?: () => string;
  now?: () => Date;
}

export interface ReportMeta {
  /** The logged-in customer, or null for an anonymous report (a terminal's reports are always anonymous). */
  customerId: string | null;
  locale: Locale;
  /** For the limit on anonymous reports. */
  clientIp: string;
}

export type ReportOutcome =
  | { kind: 'created'; reference: string; id: string }
  /** A rule the schema checks too, checked again here where it cannot be skipped. */
  | { kind: 'refused'; field: 'kind' | 'email'; message: string }
  | { kind: 'rate-limited' };

const hourMs = 60 * 60 * 1000;

/**
 * Files a bike report: stores it with a new reference number and queues the reporter's
 * confirmation and the service team's copy in the same transaction — a report is never stored
 * without its mails, nor a mail sent for a report that was not stored.
 *
 * "My bike is lost or stolen" needs a logged-in customer. Anonymous reports need an email (the
 * reference goes there) and are limited per IP address; a customer's confirmation goes to the
 * contact email given, or to the account's address when none was given.
 */
export async function fileBikeReport(
  context: BikeReportContext,
  report: BikeReport,
  meta: ReportMeta,
): Promise<ReportOutcome> {
  const { db } = context;
  if (kindNeedsLogin(report.kind) && !meta.customerId) {
    return { kind: 'refused', field: 'kind', message: 'bike-report.kind.login-required' };
  }

  let account: { email: string; customerNumber: string } | undefined;
  if (meta.customerId) {
    [account] = await db
      .select({ email: customers.email, customerNumber: customers.customerNumber })
      .from(customers)
      .where(eq(customers.id, meta.customerId));
  }
  const customerId = account ? meta.customerId : null;
  if (kindNeedsLogin(report.kind) && !customerId) {
    return { kind: 'refused', field: 'kind', message: 'bike-report.kind.login-required' };
  }
  const contactEmail = report.email ?? account?.email ?? null;
  if (!contactEmail) return { kind: 'refused', field: 'email', message: 'required' };

  if (!customerId) {
    const limit = { max: bikeReportRules.anonymousReportsPerIpPerHour, windowMs: hourMs };
    if (!(await context.rateLimits.hit(`bike-report-ip:${meta.clientIp}`, limit))) return { kind: 'rate-limited' };
  }

  const now = context.now?.() ?? new Date();
  const randomPart = context.randomPart ?? randomReferencePart;
  for (let attempt = 1; ; attempt++) {
    const reference = formatReference(now, randomPart());
    const summary: ReportSummary = {
      reference,
      kind: report.kind,
      bikeNumber: report.bikeNumber,
      location: report.location,
      seenAt: report.seenAt,
      description: report.description,
      contactEmail,
      contactPhone: report.phone ?? null,
      customerNumber: account?.customerNumber ?? null,
      locale: meta.locale,
    };
    try {
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bikeReports)
          .values({
            reference,
            kind: report.kind,
            bikeNumber: report.bikeNumber,
            locationText: report.location.text,
            locationLat: report.location.lat,
            locationLon: report.location.lon,
            locationSource: report.location.source,
            seenAt: report.seenAt,
            description: report.description ?? null,
            contactEmail,
            contactPhone: report.phone ?? null,
            customerId,
            locale: meta.locale,
          })
          .returning({ id: bikeReports.id });
        const mails = [
          { to: contactEmail, mail: reporterMail(summary, context.brand) },
          { to: context.serviceTeamEmail, mail: serviceTeamMail(summary, context.brand) },
        ];
        for (const { to, mail } of mails) await enqueueMail(tx, to, mail);
        return { id: row!.id, mails };
      });
      for (const { to, mail } of stored.mails) context.onMailQueued(to, mail.subject, mail.text);
      return { kind: 'created', reference, id: stored.id };
    } catch (error) {
      // Another report took this reference (the unique index said so): draw a new one.
      if (isUniqueViolation(error) && attempt < bikeReportRules.reference.attempts) {
        context.logger.warn({ attempt }, 'bike report reference taken, drawing a new one');
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
