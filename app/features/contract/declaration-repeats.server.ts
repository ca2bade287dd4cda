import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { cancellations } from '~/db/schema';
import type { Declaration } from './declaration';
import type { CancellationConfirmation } from './confirmation';
import { contractSettings } from './contract-settings';
import { confirmationOf } from './declaration-confirmation.server';

/**
 * What makes two submissions the same declaration: the same content, normalised (case and spacing
 * of the texts), from the same sender (the customer, or the client's address and session on the
 * public page).
 */
export function declarationFingerprint(declaration: Declaration, sender: string): string {
  const content = [
    sender,
    declaration.kind,
    declaration.kind === 'extraordinary' ? normalised(declaration.reason ?? '') : '',
    normalised(declaration.name),
    normalised(declaration.identifier),
    declaration.contractLabel,
    declaration.endDate ?? '',
    normalised(declaration.confirmationEmail),
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

function normalised(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The declaration a repeat stands for: the one with this fingerprint received within the window. */
export async function earlierDeclaration(
  db: Database,
  fingerprint: string,
  now: Date,
): Promise<CancellationConfirmation | null> {
  const [row] = await db
    .select()
    .from(cancellations)
    .where(
      and(
        eq(cancellations.submissionFingerprint, fingerprint),
        gt(cancellations.receivedAt, new Date(now.getTime() - contractSettings.repeatWindowMs)),
      ),
    );
  return row ? confirmationOf(row) : null;
}

/**
 * Past the window the same content is a new declaration: the old row gives its fingerprint up, so
 * that the unique index only ever holds the fingerprints still within their window.
 */
export async function releaseExpiredFingerprint(db: Database, fingerprint: string, now: Date): Promise<void> {
  await db
    .update(cancellations)
    .set({ submissionFingerprint: null })
    .where(
      and(
        eq(cancellations.submissionFingerprint, fingerprint),
        lte(cancellations.receivedAt, new Date(now.getTime() - contractSettings.repeatWindowMs)),
      ),
    );
}
