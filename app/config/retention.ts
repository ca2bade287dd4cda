const day = 24 * 60 * 60 * 1000;

/**
 * How long personal data with a natural end is kept after that end, before the retention job
 * deletes (or, for bike reports, anonymises) it. The reasons are in
 * docs/decisions/0022-retention-outboxes-and-metrics.md. Declarations, contracts, payments and the
 * credit ledger are not here: commercial and tax law make the provider keep them.
 */
export const retention = {
  /** The job runs this often, on one instance. */
  intervalMs: 60 * 60 * 1000,
  /** A session is gone once it expired: nothing reads it any more. */
  expiredSessionsMs: 0,
  /** Used or expired links, so that a link clicked again still says "already used" for a week. */
  accountTokensMs: 7 * day,
  /** Used or expired SMS codes (hashes; the code itself lives 10 minutes). */
  phoneVerificationsMs: 1 * day,
  /** Sent mails (recipient, subject, kind; the body is blanked at sending), for "did it go out?". */
  sentMailsMs: 30 * day,
  /** Failed mails keep their body for an operator's retry, then go; so do mails never sent. */
  unsentMailsMs: 90 * day,
  /** Sent or failed SMS (recipient and times; the text is blanked at once). */
  finishedSmsMs: 30 * day,
  /** SMS never sent (no gateway configured): their codes expired after 10 minutes. */
  unsentSmsMs: 1 * day,
  /** Contact details and free text of a bike report; the report stays as fleet history. */
  bikeReportContactMs: 365 * day,
  /**
   * The back office's audit log: 2 years, as a PostgreSQL interval, because the table's trigger checks
   * the same interval when it lets the retention job delete (docs/rules/back-office.md#audit-log).
   */
  auditLogInterval: '2 years',
  /**
   * A vehicle damage report with its photos: by then the damage is repaired or settled with the
   * customer who caused it; the photos go with the report (docs/decisions/0032-vehicle-damage-reports-and-photos.md).
   */
  damageReportsMs: 365 * day,
} as const;
