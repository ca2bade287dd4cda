/**
 * "Time seen" is typed as a Europe/Berlin wall-clock date and time (`dd.mm.yyyy`, `hh:mm`) and stored as a
 * UTC instant (docs/rules/bike-reports.md#time-seen). Browser and server share these functions, so a time
 * is judged the same way with and without JavaScript, whatever the machine's own time zone.
 */

const berlin = 'Europe/Berlin';

// Built at its first use, not when the module loads: the report forms' pages hydrate without it and
// need it only once a form is checked (a time zone's first formatter loads its data).
let partsFormat: Intl.DateTimeFormat | undefined;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function berlinWallClock(instant: Date): WallClock & { second: number } {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: berlin,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Berlin's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function berlinOffsetMs(instant: Date): number {
  const wall = berlinWallClock(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a Berlin wall-clock time names. In the hour skipped in spring the time is read with
 * the offset before the change; in the hour repeated in autumn the earlier of the two instants wins.
 */
export function berlinWallClockToInstant(wall: WallClock): Date {
  const naive = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const early = naive - berlinOffsetMs(new Date(naive - 3 * 3_600_000));
  const late = naive - berlinOffsetMs(new Date(naive + 3 * 3_600_000));
  for (const candidate of [early, late].sort((a, b) => a - b)) {
    const back = berlinWallClock(new Date(candidate));
    if (back.hour === wall.hour && back.minute === wall.minute && back.day === wall.day) return new Date(candidate);
  }
  return new Date(early);
}

/** `dd.mm.yyyy` and `hh:mm` as Berlin time, or null when either is no real date or time. */
export function parseSeenAt(date: string, time: string): Date | null {
  const day = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date.trim());
  const clock = parseClockTime(time);
  if (!day || !clock) return null;
  const [, dd, mm, yyyy] = day.map(Number) as [number, number, number, number];
  const check = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (check.getUTCFullYear() !== yyyy || check.getUTCMonth() !== mm - 1 || check.getUTCDate() !== dd) return null;
  return berlinWallClockToInstant({ year: yyyy, month: mm, day: dd, ...clock });
}

/** `hh:mm` (24 hours) or null. */
export function parseClockTime(time: string): { hour: number; minute: number } | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the form's Berlin date and time fields: `{ date: '31.01.2027', time: '08:05' }`. */
export function berlinFormFields(instant: Date): { date: string; time: string } {
  const wall = berlinWallClock(instant);
  return { date: `${pad(wall.day)}.${pad(wall.month)}.${wall.year}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** The Berlin year of an instant (reference numbers carry it). */
export function berlinYear(instant: Date): number {
  return berlinWallClock(instant).year;
}
