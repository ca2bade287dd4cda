import { addIssue, reject, z } from '~/platform/validation';
import { damageKinds, damagePositions } from '~/config/damage-reports';
import { check, commonReportFields, reportInputShape, type Fail } from '~/shared/reports/report-fields';
import { normalizeLicencePlate } from './licence-plate';

/**
 * A vehicle damage report (docs/rules/reports.md#vehicle-damage-reports). One schema judges the form's
 * text in the browser (once JavaScript runs) and on the server; the server's verdict counts. The photos
 * are no text: the server judges them by their bytes (photos.server.ts) and puts its messages on the
 * `photos` field. Messages are catalogue keys (i18n/messages/damage-reports.*.ts).
 */

export interface DamageSchemaOptions {
  loggedIn: boolean;
  now?: () => Date;
}

export const licencePlateSchema = z.pipe(
  z.string({ error: 'damage-report.plate.required' }),
  z.transform((value, ctx) => {
    if (value.trim() === '') return reject(ctx, 'damage-report.plate.required');
    const plate = normalizeLicencePlate(value);
    if (plate) return plate;
    return reject(ctx, 'damage-report.plate.invalid');
  }),
);

const damageKindSchema = z.enum(damageKinds, { error: 'damage-report.damage-kind.required' });
const damagePositionSchema = z.enum(damagePositions, { error: 'damage-report.damage-position.required' });

export function damageReportSchema({ loggedIn, now = () => new Date() }: DamageSchemaOptions) {
  return z.pipe(
    z.object({
      licencePlate: z.optional(z.string()),
      damageKind: z.optional(z.string()),
      damagePosition: z.optional(z.string()),
      /** The file input: no text, judged by the server from the uploaded bytes. */
      photos: z.optional(z.unknown()),
      ...reportInputShape,
    }),
    z.transform((value, ctx) => {
      let valid = true;
      const fail: Fail = (path, message) => {
        addIssue(ctx, message, path);
        valid = false;
      };
      const licencePlate = check(licencePlateSchema, value.licencePlate ?? '', ['licencePlate'], fail);
      const damageKind = check(damageKindSchema, value.damageKind, ['damageKind'], fail);
      const damagePosition = check(damagePositionSchema, value.damagePosition, ['damagePosition'], fail);
      const common = commonReportFields(value, { prefix: 'damage-report', loggedIn, now: now() }, fail);
      if (!valid || !licencePlate || !damageKind || !damagePosition || !common) return z.NEVER;
      return { licencePlate, damageKind, damagePosition, ...common };
    }),
  );
}

export type DamageReport = z.output<ReturnType<typeof damageReportSchema>>;
