import { asc, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import {
  accountTokens,
  cancellations,
  contracts,
  creditLedger,
  customers,
  paymentMethods,
  payments,
  phoneVerifications,
  sessions,
  tariffChanges,
  trips,
} from '~/db/schema';
import { settleContract } from '~/features/contract/public.server';
import { maskIban } from './masking';
import { licenceHistoryOf } from '~/features/driving-licence/public.server';

/**
 * Everything stored about a customer, as one JSON document (GDPR Art. 15 and 20), for the
 * "download all my data" link. Secrets stay out: no password hash, no session, token or code
 * hashes, no payment provider tokens; an IBAN shows only its last four characters.
 *
 * Columns are listed one by one on purpose: a column added to a table later does not reach the
 * download until someone decides it belongs there.
 */
export async function exportPersonalData(db: Database, customerId: string, now = new Date()) {
  await settleContract(db, customerId, now);
  const [customer] = await db
    .select({
      customerNumber: customers.customerNumber,
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      salutation: customers.salutation,
      firstName: customers.firstName,
      lastName: customers.lastName,
      birthDate: customers.birthDate,
      phone: customers.phoneE164,
      address: customers.addressText,
      addressLatitude: customers.addressLat,
      addressLongitude: customers.addressLon,
      locale: customers.locale,
      actionCode: customers.actionCode,
      newsletter: customers.newsletter,
      termsVersion: customers.termsVersion,
      termsAcceptedAt: customers.termsAcceptedAt,
      privacyVersion: customers.privacyVersion,
      privacyAcceptedAt: customers.privacyAcceptedAt,
      deletionRequestedAt: customers.deletionRequestedAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return null;

  const [contract] = await db
    .select({
      id: contracts.id,
      tariffId: contracts.tariffId,
      state: contracts.state,
      startDate: contracts.startDate,
      tariffSince: contracts.tariffSince,
      endDate: contracts.endDate,
      createdAt: contracts.createdAt,
    })
    .from(contracts)
    .where(eq(contracts.customerId, customerId));

  const changes = contract
    ? await db
        .select({
          fromTariffId: tariffChanges.fromTariffId,
          toTariffId: tariffChanges.toTariffId,
          state: tariffChanges.state,
          effectiveDate: tariffChanges.effectiveDate,
          requestedAt: tariffChanges.requestedAt,
          settledAt: tariffChanges.settledAt,
        })
        .from(tariffChanges)
        .where(eq(tariffChanges.contractId, contract.id))
        .orderBy(asc(tariffChanges.requestedAt))
    : [];

  const declarations = await db
    .select({
      reference: cancellations.reference,
      receivedAt: cancellations.receivedAt,
      kind: cancellations.kind,
      reason: cancellations.reason,
      name: cancellations.name,
      identifier: cancellations.identifier,
      contractLabel: cancellations.contractLabel,
      requestedEndDate: cancellations.requestedEndDate,
      effectiveEndDate: cancellations.effectiveEndDate,
      confirmationEmail: cancellations.confirmationEmail,
      withdrawnAt: cancellations.withdrawnAt,
    })
    .from(cancellations)
    .where(eq(cancellations.customerId, customerId))
    .orderBy(asc(cancellations.receivedAt));

  const ledger = await db
    .select({
      kind: creditLedger.kind,
      amountCents: creditLedger.amountCents,
      reference: creditLedger.reference,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId))
    .orderBy(asc(creditLedger.createdAt));

  const methods = await db
    .select({
      id: paymentMethods.id,
      kind: paymentMethods.kind,
      active: paymentMethods.active,
      accountHolder: paymentMethods.accountHolder,
      iban: paymentMethods.iban,
      bic: paymentMethods.bic,
      mandateReference: paymentMethods.mandateReference,
      mandateAcceptedAt: paymentMethods.mandateAcceptedAt,
      mandateIp: paymentMethods.mandateIp,
      label: paymentMethods.label,
      createdAt: paymentMethods.createdAt,
      replacedAt: paymentMethods.replacedAt,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.customerId, customerId))
    .orderBy(asc(paymentMethods.createdAt));

  const charges = await db
    .select({
      paymentMethodId: payments.paymentMethodId,
      amountCents: payments.amountCents,
      status: payments.status,
      providerReference: payments.providerReference,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.customerId, customerId))
    .orderBy(asc(payments.createdAt));

  const liveSessions = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      authenticatedAt: sessions.authenticatedAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.customerId, customerId))
    .orderBy(asc(sessions.createdAt));

  const links = await db
    .select({
      purpose: accountTokens.purpose,
      payload: accountTokens.payload,
      createdAt: accountTokens.createdAt,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
    })
    .from(accountTokens)
    .where(eq(accountTokens.customerId, customerId))
    .orderBy(asc(accountTokens.createdAt));

  const phoneCodes = await db
    .select({
      phone: phoneVerifications.phoneE164,
      attempts: phoneVerifications.attempts,
      createdAt: phoneVerifications.createdAt,
      expiresAt: phoneVerifications.expiresAt,
      usedAt: phoneVerifications.usedAt,
    })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.customerId, customerId))
    .orderBy(asc(phoneVerifications.createdAt));

  // Every licence entered, the corrected ones included; empty where the brand asks for none.
  const licences = await licenceHistoryOf(db, customerId);

  // Every ride the fleet system reported for the account, with how its price was made.
  const rides = await db
    .select({
      tripId: trips.tripId,
      deviceId: trips.deviceId,
      vehicleType: trips.vehicleType,
      propulsionTypes: trips.propulsionTypes,
      vehicleClass: trips.vehicleClass,
      startTime: trips.startTime,
      endTime: trips.endTime,
      startLocation: trips.startLocation,
      endLocation: trips.endLocation,
      distanceMeters: trips.distanceMeters,
      tariffId: trips.tariffId,
      priceCents: trips.priceCents,
      breakdown: trips.breakdown,
    })
    .from(trips)
    .where(eq(trips.customerId, customerId))
    .orderBy(asc(trips.startTime));

  return {
    format: 'personal-data-export/1',
    exportedAt: now,
    customer,
    contract: contract ? { ...contract, tariffChanges: changes } : null,
    cancellations: declarations,
    credit: {
      balanceCents: ledger.reduce((sum, entry) => sum + entry.amountCents, 0),
      ledger,
    },
    paymentMethods: methods.map(({ iban, ...method }) => ({ ...method, iban: maskIban(iban) })),
    payments: charges,
    sessions: liveSessions,
    mailedLinks: links,
    phoneCodes,
    drivingLicences: licences,
    rides,
  };
}

export type PersonalDataExport = NonNullable<Awaited<ReturnType<typeof exportPersonalData>>>;
