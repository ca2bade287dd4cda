import { z } from '~/platform/validation';
import { bikeReportRules } from '~/config/bike-reports';
import { isInGermany } from '~/shared/geocoding/address-schema';
import { mobilePhoneSchema } from '~/shared/phone/phone';
import { kindNeedsLogin, reportKinds } from './report-kinds';
import { parseClockTime, parseSeenAt } from './seen-at';

/**
 * A bike report (docs/rules/bike-reports.md#report-fields). One schema judges the form in the browser (once
 * JavaScript runs) and on the server; the server's verdict is the one that counts. Messages are catalogue
 * keys (i18n/messages/bike-reports.*.ts) and sit on the input they are about.
 */

export interface ReportSchemaOptions {
  /** Whether the report comes from a logged-in customer (lost/stolen allowed, email optional). */
  loggedIn: boolean;
  /** The clock "not in the future" is judged against. */
  now?: () => Date;
}

const { min, max } = bikeReportRules.bikeNumberDigits;
const bikeNumberPattern = new RegExp(`^\\d{${min},${max}}$`);

/** Bike numbers are printed in groups (`12 345`); spaces do not count. */
export const bikeNumberSchema = z
  .string({ error: 'bike-report.bike-number.required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(bikeNumberPattern, { error: 'bike-report.bike-number.invalid' }));

// A coordinate that is missing or no number is simply absent; the location rule below decides.
// (Conform turns the hidden inputs' text into numbers before the schema sees them.)
const coordinate = z.number().optional().catch(undefined);

export const reportEmailSchema = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email.invalid' })
  .pipe(z.email({ error: 'email.invalid' }));

/** The phone field's value, optional here: an empty number is no number; a typed one must be a valid mobile number. */
const optionalPhoneSchema = z
  .object({
    regionCode: z.string().optional(),
    phonenumber: z.string().optional(),
    parsedPhoneNumber: z.string().optional(),
  })
  .optional()
  .transform((value, ctx) => {
    if (!value?.phonenumber?.trim()) return undefined;
    const parsed = mobilePhoneSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

/**
 * Line breaks arrive as CRLF from a form but count as one character in the browser's `maxlength`:
 * normalised first, so the limit means the same on both sides. Only whitespace is no description.
 */
export function normalizeDescription(value: string | undefined): string | undefined {
  const text = value?.replace(/\r\n?/g, '\n').trim() ?? '';
  return text === '' ? undefined : text;
}

export interface ReportLocation {
  source: 'address' | 'position';
  /** The picked address; null for a position (the coordinates say it all). */
  text: string | null;
  lat: number;
  lon: number;
}

/** A field's own schema, run inside the report's transform so that every field's message shows at once. */
function check<T>(schema: z.ZodType<T>, value: unknown, path: string[], fail: Fail): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) fail([...path, ...issue.path.map(String)], issue.message);
  return undefined;
}

const kindSchema = z.enum(reportKinds, { error: 'bike-report.kind.required' });
const descriptionSchema = z
  .string()
  .optional()
  .transform(normalizeDescription)
  .refine((text) => (text?.length ?? 0) <= bikeReportRules.descriptionMaxLength, {
    error: `bike-report.description.too-long?max=${bikeReportRules.descriptionMaxLength}`,
  });

/**
 * The report form's schema. Every input is read leniently first and judged in one transform, so a
 * form sent without JavaScript gets all its messages in one answer, not one field at a time.
 */
export function bikeReportSchema({ loggedIn, now = () => new Date() }: ReportSchemaOptions) {
  return z
    .object({
      kind: z.string().optional(),
      bikeNumber: z.string().optional(),
      /** Picked from suggestions (the address combobox, or the server's choices without JavaScript). */
      address: z
        .object({ text: z.string().optional(), lat: coordinate, lon: coordinate, id: z.string().optional() })
        .optional(),
      /** The browser's position, from the "use my position" button. */
      position: z.object({ lat: coordinate, lon: coordinate, accuracy: coordinate }).optional(),
      /** No input of its own: carries the messages about the location as a whole. */
      location: z.unknown().optional(),
      seenDate: z.string().optional(),
      seenTime: z.string().optional(),
      description: z.string().optional(),
      email: z.string().optional(),
      phone: z
        .object({
          regionCode: z.string().optional(),
          phonenumber: z.string().optional(),
          parsedPhoneNumber: z.string().optional(),
        })
        .optional(),
    })
    .transform((value, ctx) => {
      let valid = true;
      const fail: Fail = (path, message) => {
        ctx.addIssue({ code: 'custom', message, path });
        valid = false;
      };

      const kind = check(kindSchema, value.kind, ['kind'], fail);
      if (kind && kindNeedsLogin(kind) && !loggedIn) fail(['kind'], 'bike-report.kind.login-required');
      const bikeNumber = check(bikeNumberSchema, value.bikeNumber, ['bikeNumber'], fail);
      const location = reportLocation(value.address, value.position, fail);
      const seenAt = seenAtFrom(value.seenDate ?? '', value.seenTime ?? '', now(), fail);
      const description = check(descriptionSchema, value.description, ['description'], fail);
      // Anonymous reporters need an email to receive their reference; customers have one on file.
      const email = check(loggedIn ? reportEmailSchema.optional() : reportEmailSchema, value.email, ['email'], fail);
      const phone = check(optionalPhoneSchema, value.phone, ['phone'], fail);

      if (!valid || !kind || !bikeNumber || !location || !seenAt) return z.NEVER;
      return { kind, bikeNumber, location, seenAt, description, email, phone };
    });
}

type Fail = (path: (string | number)[], message: string) => void;

/**
 * The browser's position wins when there is one (the visitor asked for it with the button, and
 * typing an address removes it again). Otherwise the address must be a picked suggestion.
 */
function reportLocation(
  address: { text?: string; lat?: number; lon?: number } | undefined,
  position: { lat?: number; lon?: number } | undefined,
  fail: Fail,
): ReportLocation | null {
  if (position?.lat !== undefined && position.lon !== undefined) {
    const { lat, lon } = position;
    if (!isInGermany(lat, lon)) {
      fail(['location'], 'bike-report.position.outside');
      return null;
    }
    return { source: 'position', text: null, lat, lon };
  }
  const text = address?.text?.trim().replace(/\s+/g, ' ') ?? '';
  if (text === '') {
    fail(['location'], 'bike-report.location.required');
    return null;
  }
  if (address?.lat === undefined || address.lon === undefined || !isInGermany(address.lat, address.lon)) {
    fail(['address', 'text'], 'address.pick-suggestion');
    return null;
  }
  return { source: 'address', text, lat: address.lat, lon: address.lon };
}

function seenAtFrom(date: string, time: string, now: Date, fail: Fail): Date | null {
  if (date.trim() === '') fail(['seenDate'], 'required');
  const clock = parseClockTime(time);
  if (time.trim() === '') fail(['seenTime'], 'required');
  else if (!clock) fail(['seenTime'], 'bike-report.time.invalid');
  if (date.trim() === '') return null;
  const seenAt = parseSeenAt(date, clock ? time : '00:00');
  if (!seenAt) {
    fail(['seenDate'], 'date.invalid');
    return null;
  }
  if (!clock) return null;
  if (seenAt.getTime() > now.getTime() + bikeReportRules.seenAtFutureToleranceMs) {
    fail(['seenTime'], 'bike-report.seen-at.future');
    return null;
  }
  if (seenAt.getTime() < now.getTime() - bikeReportRules.seenAtMaxAgeDays * 86_400_000) {
    fail(['seenDate'], 'bike-report.seen-at.too-old');
    return null;
  }
  return seenAt;
}

export type BikeReportSchema = ReturnType<typeof bikeReportSchema>;
export type BikeReportInput = z.input<BikeReportSchema>;
export type BikeReport = z.output<BikeReportSchema>;
