/** The security policy of docs/rules/accounts.md, in one place. */
export const security = {
  password: { minLength: 12, maxLength: 128 },
  /** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  sessionLifetimeMs: 30 * 24 * 60 * 60 * 1000,
  /** Characters of a session's browser (User-Agent) kept with it and shown in the list of sessions. */
  sessionUserAgentLength: 300,
  /** A sliding session is extended at most this often, so reads do not write on every request. */
  sessionTouchIntervalMs: 60 * 60 * 1000,
  reauthenticationWindowMs: 15 * 60 * 1000,
  login: {
    failuresBeforeWait: 5,
    /** Waits after the 5th, 6th, 7th … failure, in minutes; the last one repeats. */
    waitMinutes: [1, 2, 4, 8, 15],
    failureMemoryMs: 24 * 60 * 60 * 1000,
    failuresPerIpPerHour: 50,
  },
  /** Reset and verification mails per address and hour. */
  mailsPerAddressPerHour: 3,
  /** Registrations per IP address and hour, against bulk probing and sign-up spam. */
  registrationsPerIpPerHour: 20,
  verifyEmailTokenMs: 24 * 60 * 60 * 1000,
  resetPasswordTokenMs: 60 * 60 * 1000,
  minimumAge: 18,
  termsVersion: '2026-01',
  privacyVersion: '2026-01',
} as const;
