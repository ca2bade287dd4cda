import type { Database } from '~/db/client.server';
import { bikeReports } from '~/db/schema';
import type { Locale } from '~/i18n/locales';
import {
  reportPrefill as contactPrefill,
  reporterOf,
  storeWithReference,
  withinReportLimit,
  type FileReportContext,
} from '~/shared/reports/file-report.server';
import { reporterMail, serviceTeamMail, type ReportSummary } from './report-mails';
import { kindNeedsLogin } from './report-kinds';
import type { BikeReport } from './report-schema';

/** What filing a report needs from the process. */
export type BikeReportContext = FileReportContext;

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
  if (kindNeedsLogin(report.kind) && !meta.customerId) {
    return { kind: 'refused', field: 'kind', message: 'bike-report.kind.login-required' };
  }
  const { customerId, customerNumber, contactEmail } = await reporterOf(context.db, meta.customerId, report.email);
  if (kindNeedsLogin(report.kind) && !customerId) {
    return { kind: 'refused', field: 'kind', message: 'bike-report.kind.login-required' };
  }
  if (!contactEmail) return { kind: 'refused', field: 'email', message: 'required' };

  if (!(await withinReportLimit(context, 'bike-report', { customerId, clientIp: meta.clientIp }))) {
    return { kind: 'rate-limited' };
  }

  const stored = await storeWithReference(context, 'bike report', async (tx, reference) => {
    const summary: ReportSummary = {
      reference,
      kind: report.kind,
      bikeNumber: report.bikeNumber,
      location: report.location,
      seenAt: report.seenAt,
      description: report.description,
      contactEmail,
      contactPhone: report.phone ?? null,
      customerNumber,
      locale: meta.locale,
    };
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
    return {
      id: row!.id,
      mails: [
        { to: contactEmail, mail: reporterMail(summary, context.brand) },
        { to: context.serviceTeamEmail, mail: serviceTeamMail(summary, context.brand) },
      ],
    };
  });
  return { kind: 'created', ...stored };
}

/** The contact data a logged-in customer's report form starts with. */
export function reportPrefill(db: Database, customerId: string) {
  return contactPrefill(db, customerId);
}
