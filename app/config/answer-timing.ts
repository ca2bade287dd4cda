/**
 * The least time the anonymous forms take to answer, so that an answer for an address with an
 * account and one without cannot be told apart by its timing (app/shared/security/minimum-duration.ts
 * pads them). Each covers the slowest path of its form: registration hashes a password (argon2), the
 * others write a mail or a declaration.
 */
export const answerTiming = {
  registrationMs: 600,
  passwordResetRequestMs: 400,
  publicCancellationMs: 400,
} as const;
