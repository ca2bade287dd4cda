import { addIssue, z } from '~/platform/validation';
import { bikeReportRules } from '~/config/bike-reports';
import { check, commonReportFields, reportInputShape, type Fail } from '~/shared/reports/report-fields';
import { kindNeedsLogin, reportKinds } from './report-kinds';

/**
 * A bike report (docs/rules/bike-reports.md#report-fields). One schema judges the form in the browser (once
 * JavaScript runs) and on the server; the server's verdict is the one that counts. Messages are catalogue
 * keys (i18n/messages/bike-reports.*.ts) and sit on the input they are about. Location, time seen,
 * description and contact are the fields every report has (shared/reports/report-fields.ts).
 */

export { normalizeDescription, reportEmailSchema, type ReportLocation } from '~/shared/reports/report-fields';

export interface ReportSchemaOptions {
  /** Whether the report comes from a logged-in customer (lost/stolen allowed, email optional). */
  loggedIn: boolean;
  /** The clock "not in the future" is judged against. */
  now?: () => Date;
}

const { min, max } = bikeReportRules.bikeNumberDigits;
const bikeNumberPattern = new RegExp(`^\\d{${min},${max}}$`);

/** Bike numbers are printed in groups (`12 345`); spaces do not count. */
export const bikeNumberSchema = z.pipe(
  z.pipe(
    z.string({ error: 'bike-report.bike-number.required' }),
    z.transform((value) => value.replace(/\s+/g, '')),
  ),
  z.string().check(z.regex(bikeNumberPattern, { error: 'bike-report.bike-number.invalid' })),
);

const kindSchema = z.enum(reportKinds, { error: 'bike-report.kind.required' });

/**
 * The report form's schema. Every input is read leniently first and judged in one transform, so a
 * form sent without JavaScript gets all its messages in one answer, not one field at a time.
 */
export function bikeReportSchema({ loggedIn, now = () => new Date() }: ReportSchemaOptions) {
  return z.pipe(
    z.object({
      kind: z.optional(z.string()),
      bikeNumber: z.optional(z.string()),
      ...reportInputShape,
    }),
    z.transform((value, ctx) => {
      let valid = true;
      const fail: Fail = (path, message) => {
        addIssue(ctx, message, path);
        valid = false;
      };

      const kind = check(kindSchema, value.kind, ['kind'], fail);
      if (kind && kindNeedsLogin(kind) && !loggedIn) fail(['kind'], 'bike-report.kind.login-required');
      const bikeNumber = check(bikeNumberSchema, value.bikeNumber, ['bikeNumber'], fail);
      const common = commonReportFields(value, { prefix: 'bike-report', loggedIn, now: now() }, fail);

      if (!valid || !kind || !bikeNumber || !common) return z.NEVER;
      return { kind, bikeNumber, ...common };
    }),
  );
}

export type BikeReportSchema = ReturnType<typeof bikeReportSchema>;
export type BikeReportInput = z.input<BikeReportSchema>;
export type BikeReport = z.output<BikeReportSchema>;
