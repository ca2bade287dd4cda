import { desc, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { bikeReports } from '~/db/schema';

export interface BikeReportSummary {
  reference: string;
  kind: 'found' | 'lost' | 'damaged';
  bikeNumber: string;
  seenAt: Date;
  createdAt: Date;
}

/** The bike reports the customer filed while logged in, newest first (read-only, for the back office). */
export async function bikeReportsOfCustomer(
  db: Database,
  customerId: string,
  limit: number,
): Promise<BikeReportSummary[]> {
  return db
    .select({
      reference: bikeReports.reference,
      kind: bikeReports.kind,
      bikeNumber: bikeReports.bikeNumber,
      seenAt: bikeReports.seenAt,
      createdAt: bikeReports.createdAt,
    })
    .from(bikeReports)
    .where(eq(bikeReports.customerId, customerId))
    .orderBy(desc(bikeReports.createdAt))
    .limit(limit);
}
