/**
 * The numbers of the service back office (docs/rules/back-office.md), in one place. The roles are
 * here, at the bottom layer, because the back office's route table (app/i18n/back-office-routes.ts)
 * names them as well as the staff feature.
 */
export const staffRoles = ['agent', 'finance', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];
/** The roles that work the case queues (docs/rules/back-office.md#case-queues): service staff. */
export const caseWorkerRoles = ['agent'] as const satisfies readonly StaffRole[];
/**
 * The roles that record a due payout as paid out (docs/rules/back-office.md#case-queues): finance staff,
 * and admins, who decide about money as the second person. They see the payout cases only.
 */
export const payoutRoles = ['finance', 'admin'] as const satisfies readonly StaffRole[];
/**
 * The roles that see customers' personal data (docs/rules/back-office.md#customer-lookup): service and
 * finance staff; admins run staff accounts and settings and see no customer data (docs/decisions/0035).
 */
export const customerDataRoles = ['agent', 'finance'] as const satisfies readonly StaffRole[];

const minute = 60 * 1000;

export const backOffice = {
  session: {
    /** A staff session ends after this long without a request (docs/rules/back-office.md#staff-sessions). */
    idleTimeoutMs: 15 * minute,
    /** …and this long after its login at the latest, active or not. */
    absoluteLifetimeMs: 8 * 60 * minute,
    /** Between the password and the second factor: the half-logged-in state lives this long. */
    secondFactorMs: 5 * minute,
    /** The idle clock is written at most this often, so reads do not write on every request. */
    touchIntervalMs: 1 * minute,
  },
  totp: {
    /** RFC 6238 defaults, which every authenticator app uses. */
    stepSeconds: 30,
    digits: 6,
    /** Steps accepted before and after the current one, for clocks that drift. */
    window: 1,
    issuer: 'Kundenservice Backoffice',
  },
  enrolment: {
    /** An enrolment link works this long, once (docs/rules/back-office.md#enrolment). */
    validForMs: 72 * 60 * minute,
    /** Wrong TOTP codes on one enrolment page before it waits. */
    codeAttempts: 10,
    codeAttemptWindowMs: 15 * minute,
  },
  /** Single-use recovery codes handed out at enrolment. */
  recoveryCodes: 10,
  /** Rows per page of the back office's lists. */
  pageSize: 50,
  /** Rows of one CSV export of the audit log at most; narrow the filter for more. */
  exportMaxRows: 50_000,
  /** How the case queues find new sources (features/casework, docs/decisions/0051). */
  caseSync: {
    /**
     * A queue view looks at a kind's sources from its newest case's time less this: a source can
     * commit after a later one of its kind (a slower transaction, another instance's clock).
     */
    overlapMs: 15 * minute,
    /** The whole scan, for a source that committed later than the overlap, runs this often. */
    sweepIntervalMs: 60 * minute,
  },
} as const;
