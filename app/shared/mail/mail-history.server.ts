import { desc, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { outbox } from '~/db/schema';

/** A mail of the outbox as the back office lists it: never its body, which may hold a link or a code. */
export interface MailHistoryEntry {
  subject: string;
  kind: string;
  createdAt: Date;
  state: 'pending' | 'sent' | 'failed';
  sentAt: Date | null;
  failedAt: Date | null;
}

/** The mails to one address still in the outbox (the retention job deletes old ones), newest first. */
export async function mailsTo(db: Database, recipient: string, limit: number): Promise<MailHistoryEntry[]> {
  const rows = await db
    .select({
      subject: outbox.subject,
      kind: outbox.kind,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
    })
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, state: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'pending' }));
}
