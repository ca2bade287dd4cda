import { addIssue, z } from '~/platform/validation';
import { reportRules } from '~/config/reports';
import { isInGermany } from '~/shared/geocoding/address-schema';
import { mobilePhoneSchema } from '~/shared/phone/mobile-phone-schema';
import { parseClockTime, parseSeenAt } from './seen-at';

/**
 * The fields every report has (docs/rules/reports.md#what-every-report-has): where, when, a description,
 * how to reach the reporter. Each kind of report builds its schema from these and its own fields; the
 * messages are catalogue keys below the report's own prefix (`bike-report.seen-at.future`,
 * `damage-report.seen-at.future`), so that each report speaks of its own vehicles.
 */

export type ReportMessagePrefix = 'bike-report' | 'damage-report';

// A coordinate that is missing or no number is simply absent; the location rule below decides.
// (Conform turns the hidden inputs' text into numbers before the schema sees them.)
const coordinate = z.catch(z.optional(z.number()), undefined);

export const reportEmailSchema = z.pipe(
  z.string({ error: 'required' }).check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'email.invalid' })),
  z.email({ error: 'email.invalid' }),
);

/** The phone field's value, optional here: an empty number is no number; a typed one must be a valid mobile number. */
export const optionalPhoneSchema = z.pipe(
  z.optional(
    z.object({
      regionCode: z.optional(z.string()),
      phonenumber: z.optional(z.string()),
      parsedPhoneNumber: z.optional(z.string()),
    }),
  ),
  z.transform((value, ctx) => {
    if (!value?.phonenumber?.trim()) return undefined;
    const parsed = mobilePhoneSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) addIssue(ctx, issue.message, issue.path);
    return z.NEVER;
  }),
);

/**
 * Line breaks arrive as CRLF from a form but count as one character in the browser's `maxlength`:
 * normalised first, so the limit means the same on both sides. Only whitespace is no description.
 */
export function normalizeDescription(value: string | undefined): string | undefined {
  const text = value?.replace(/\r\n?/g, '\n').trim() ?? '';
  return text === '' ? undefined : text;
}

export function descriptionSchema(prefix: ReportMessagePrefix) {
  return z.pipe(z.optional(z.string()), z.transform(normalizeDescription)).check(
    z.refine((text) => (text?.length ?? 0) <= reportRules.descriptionMaxLength, {
      error: `${prefix}.description.too-long?max=${reportRules.descriptionMaxLength}`,
    }),
  );
}

export interface ReportLocation {
  source: 'address' | 'position';
  /** The picked address; null for a position (the coordinates say it all). */
  text: string | null;
  lat: number;
  lon: number;
}

/** The inputs every report form has, read leniently: each is judged in the report's one transform. */
export const reportInputShape = {
  /** Picked from suggestions (the address combobox, or the server's choices without JavaScript). */
  address: z.optional(
    z.object({ text: z.optional(z.string()), lat: coordinate, lon: coordinate, id: z.optional(z.string()) }),
  ),
  /** The browser's position, from the "use my position" button. */
  position: z.optional(z.object({ lat: coordinate, lon: coordinate, accuracy: coordinate })),
  /** No input of its own: carries the messages about the location as a whole. */
  location: z.optional(z.unknown()),
  seenDate: z.optional(z.string()),
  seenTime: z.optional(z.string()),
  description: z.optional(z.string()),
  email: z.optional(z.string()),
  phone: z.optional(
    z.object({
      regionCode: z.optional(z.string()),
      phonenumber: z.optional(z.string()),
      parsedPhoneNumber: z.optional(z.string()),
    }),
  ),
};

export type Fail = (path: (string | number)[], message: string) => void;

/** A field's own schema, run inside the report's transform so that every field's message shows at once. */
export function check<T>(schema: z.ZodMiniType<T>, value: unknown, path: string[], fail: Fail): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) fail([...path, ...issue.path.map(String)], issue.message);
  return undefined;
}

/** What every report says besides its own fields, once judged. */
export interface CommonReportFields {
  location: ReportLocation;
  seenAt: Date;
  description: string | undefined;
  email: string | undefined;
  phone: z.output<typeof optionalPhoneSchema>;
}

/**
 * Judges the fields every report has; null when one of them failed (its message is already on its
 * input). Anonymous reporters need an email to receive their reference; customers have one on file.
 */
export function commonReportFields(
  value: {
    address?: { text?: string; lat?: number; lon?: number };
    position?: { lat?: number; lon?: number };
    seenDate?: string;
    seenTime?: string;
    description?: string;
    email?: string;
    phone?: unknown;
  },
  { prefix, loggedIn, now }: { prefix: ReportMessagePrefix; loggedIn: boolean; now: Date },
  fail: Fail,
): CommonReportFields | null {
  const location = reportLocation(value.address, value.position, prefix, fail);
  const seenAt = seenAtFrom(value.seenDate ?? '', value.seenTime ?? '', now, prefix, fail);
  const description = check(descriptionSchema(prefix), value.description, ['description'], fail);
  const email = check(loggedIn ? z.optional(reportEmailSchema) : reportEmailSchema, value.email, ['email'], fail);
  const phone = check(optionalPhoneSchema, value.phone, ['phone'], fail);
  if (!location || !seenAt) return null;
  return { location, seenAt, description, email, phone };
}

/**
 * The browser's position wins when there is one (the visitor asked for it with the button, and
 * typing an address removes it again). Otherwise the address must be a picked suggestion.
 */
function reportLocation(
  address: { text?: string; lat?: number; lon?: number } | undefined,
  position: { lat?: number; lon?: number } | undefined,
  prefix: ReportMessagePrefix,
  fail: Fail,
): ReportLocation | null {
  if (position?.lat !== undefined && position.lon !== undefined) {
    const { lat, lon } = position;
    if (!isInGermany(lat, lon)) {
      fail(['location'], `${prefix}.position.outside`);
      return null;
    }
    return { source: 'position', text: null, lat, lon };
  }
  const text = address?.text?.trim().replace(/\s+/g, ' ') ?? '';
  if (text === '') {
    fail(['location'], `${prefix}.location.required`);
    return null;
  }
  if (address?.lat === undefined || address.lon === undefined || !isInGermany(address.lat, address.lon)) {
    fail(['address', 'text'], 'address.pick-suggestion');
    return null;
  }
  return { source: 'address', text, lat: address.lat, lon: address.lon };
}

function seenAtFrom(date: string, time: string, now: Date, prefix: ReportMessagePrefix, fail: Fail): Date | null {
  if (date.trim() === '') fail(['seenDate'], 'required');
  const clock = parseClockTime(time);
  if (time.trim() === '') fail(['seenTime'], 'required');
  else if (!clock) fail(['seenTime'], `${prefix}.time.invalid`);
  if (date.trim() === '') return null;
  const seenAt = parseSeenAt(date, clock ? time : '00:00');
  if (!seenAt) {
    fail(['seenDate'], 'date.invalid');
    return null;
  }
  if (!clock) return null;
  if (seenAt.getTime() > now.getTime() + reportRules.seenAtFutureToleranceMs) {
    fail(['seenTime'], `${prefix}.seen-at.future`);
    return null;
  }
  if (seenAt.getTime() < now.getTime() - reportRules.seenAtMaxAgeDays * 86_400_000) {
    fail(['seenDate'], `${prefix}.seen-at.too-old`);
    return null;
  }
  return seenAt;
}
