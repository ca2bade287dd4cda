import { and, asc, eq, isNull } from 'drizzle-orm';
import { business } from '~/config/business';
import { customers, drivingLicences } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import type { ScheduledJob } from '~/shared/scheduler/scheduled-jobs.server';
import { LicenceVerificationUnavailableError } from '~/platform/licence-verification/types';
import { decideLicence } from './licences.server';

export type LicenceVerificationContext = Pick<FeatureContext, 'db' | 'licenceVerifier' | 'logger'>;

/**
 * Hands every current `pending` licence the verifier has not seen yet to it, and records its answer
 * (docs/rules/accounts.md#licence-verification): verified or rejected settle the licence unless a staff member
 * decided first; undecided leaves it pending for staff. When the verifier is unavailable the run stops and the
 * rest waits for the next run. Returns how many licences were asked about.
 */
export async function verifyPendingLicences(
  context: LicenceVerificationContext,
  now = new Date(),
  batch: number = business.licenceVerificationBatch,
): Promise<number> {
  const { db, licenceVerifier, logger } = context;
  const waiting = await db
    .select({
      id: drivingLicences.id,
      number: drivingLicences.number,
      issuingCountry: drivingLicences.issuingCountry,
      issuedOn: drivingLicences.issuedOn,
      expiresOn: drivingLicences.expiresOn,
      firstName: customers.firstName,
      lastName: customers.lastName,
      birthDate: customers.birthDate,
    })
    .from(drivingLicences)
    .innerJoin(customers, eq(customers.id, drivingLicences.customerId))
    .where(
      and(
        eq(drivingLicences.state, 'pending'),
        isNull(drivingLicences.supersededAt),
        isNull(drivingLicences.verifierAskedAt),
      ),
    )
    .orderBy(asc(drivingLicences.submittedAt))
    .limit(batch);

  let asked = 0;
  for (const licence of waiting) {
    let outcome;
    try {
      outcome = await licenceVerifier.check({
        reference: licence.id,
        number: licence.number,
        issuingCountry: licence.issuingCountry,
        issuedOn: licence.issuedOn,
        expiresOn: licence.expiresOn,
        holder: { firstName: licence.firstName, lastName: licence.lastName, birthDate: licence.birthDate },
      });
    } catch (error) {
      if (!(error instanceof LicenceVerificationUnavailableError)) throw error;
      logger.warn({ err: error }, 'licence verification unavailable; pending licences wait for the next run');
      break;
    }
    asked += 1;
    await db.update(drivingLicences).set({ verifierAskedAt: now }).where(eq(drivingLicences.id, licence.id));
    if (outcome.decision === 'undecided') continue;
    await decideLicence(
      db,
      licence.id,
      outcome.decision === 'verified'
        ? { decision: 'verified', reference: outcome.reference }
        : { decision: 'rejected', reason: outcome.reason, reference: outcome.reference },
      { by: 'verifier', now },
    );
  }
  if (asked > 0) logger.info({ asked }, 'driving licences handed to the verifier');
  return asked;
}

/** The background job that runs `verifyPendingLicences` once per period on one instance (app/shared/scheduler). */
export function licenceVerificationJob(context: LicenceVerificationContext): ScheduledJob {
  return {
    name: 'licence-verification',
    intervalMs: business.licenceVerificationIntervalMs,
    run: async (now) => {
      await verifyPendingLicences(context, now);
    },
  };
}
