import { damageReportPhotos, damageReports } from '~/db/schema';
import type { Locale } from '~/i18n/locales';
import {
  reporterOf,
  storeWithReference,
  withinReportLimit,
  type FileReportContext,
} from '~/shared/reports/file-report.server';
import { damageReporterMail, damageServiceTeamMail, type DamageSummary } from './damage-mails';
import type { DamageReport } from './damage-schema';
import type { CheckedPhoto } from './photos.server';

export interface DamageReportMeta {
  customerId: string | null;
  locale: Locale;
  clientIp: string;
}

export type DamageReportOutcome =
  | { kind: 'created'; reference: string; id: string }
  | { kind: 'refused'; field: 'email'; message: string }
  | { kind: 'rate-limited' };

/**
 * Files a vehicle damage report (docs/rules/reports.md#vehicle-damage-reports): stores it with a new
 * reference, its checked photos beside it, and queues the reporter's confirmation and the service
 * team's copy, all in one transaction. Anonymous reports need an email and are limited per IP address,
 * as every report is.
 */
export async function fileDamageReport(
  context: FileReportContext,
  report: DamageReport,
  photos: readonly CheckedPhoto[],
  meta: DamageReportMeta,
): Promise<DamageReportOutcome> {
  const { customerId, customerNumber, contactEmail } = await reporterOf(context.db, meta.customerId, report.email);
  if (!contactEmail) return { kind: 'refused', field: 'email', message: 'required' };
  if (!(await withinReportLimit(context, 'damage-report', { customerId, clientIp: meta.clientIp }))) {
    return { kind: 'rate-limited' };
  }

  const stored = await storeWithReference(context, 'damage report', async (tx, reference) => {
    const [row] = await tx
      .insert(damageReports)
      .values({
        reference,
        licencePlate: report.licencePlate,
        damageKind: report.damageKind,
        damagePosition: report.damagePosition,
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
      .returning({ id: damageReports.id });
    const reportId = row!.id;
    if (photos.length > 0) {
      await tx.insert(damageReportPhotos).values(
        photos.map((photo, i) => ({
          reportId,
          position: i + 1,
          contentType: photo.contentType,
          size: photo.size,
          sha256: photo.sha256,
          data: photo.data,
        })),
      );
    }
    const summary: DamageSummary = {
      reference,
      licencePlate: report.licencePlate,
      damageKind: report.damageKind,
      damagePosition: report.damagePosition,
      location: report.location,
      seenAt: report.seenAt,
      description: report.description,
      photos: photos.map(({ contentType, size }) => ({ contentType, size })),
      contactEmail,
      contactPhone: report.phone ?? null,
      customerNumber,
      locale: meta.locale,
    };
    return {
      id: reportId,
      mails: [
        { to: contactEmail, mail: damageReporterMail(summary, context.brand) },
        { to: context.serviceTeamEmail, mail: damageServiceTeamMail(summary, context.brand) },
      ],
    };
  });
  return { kind: 'created', ...stored };
}
