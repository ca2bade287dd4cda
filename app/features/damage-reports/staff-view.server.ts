import { desc, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { damageReports } from '~/db/schema';

export interface DamageReportSummary {
  reference: string;
  licencePlate: string;
  damageKind: 'scratch' | 'dent' | 'glass' | 'tyre' | 'interior' | 'technical' | 'other';
  damagePosition: 'front' | 'rear' | 'left' | 'right' | 'roof' | 'interior';
  createdAt: Date;
}

/** The vehicle damage reports the customer filed, newest first (read-only, for the back office). */
export async function damageReportsOfCustomer(
  db: Database,
  customerId: string,
  limit: number,
): Promise<DamageReportSummary[]> {
  return db
    .select({
      reference: damageReports.reference,
      licencePlate: damageReports.licencePlate,
      damageKind: damageReports.damageKind,
      damagePosition: damageReports.damagePosition,
      createdAt: damageReports.createdAt,
    })
    .from(damageReports)
    .where(eq(damageReports.customerId, customerId))
    .orderBy(desc(damageReports.createdAt))
    .limit(limit);
}
