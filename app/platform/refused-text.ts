/**
 * Text PostgreSQL refuses to store or compare: a NUL (SQLSTATE 22021, "invalid byte sequence") or a
 * character the database's encoding lacks (22P05). Forms never get that far (their fields refuse
 * control characters); a value from elsewhere, such as a hand-made query string, can. It is the
 * request's fault, not ours: a 400, not a 500 (docs/decisions/0018-hostile-input-limits.md).
 */
const refusedTextCodes = new Set(['22021', '22P05']);

export function isRefusedTextError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && refusedTextCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
