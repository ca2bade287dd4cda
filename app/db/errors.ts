/**
 * True when a database error (or one it wraps: drizzle wraps the driver's error in `cause`) is a
 * unique violation (SQLSTATE 23505): the write lost a race with another one for the same key.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
