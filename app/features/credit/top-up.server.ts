import { and, eq } from 'drizzle-orm';
import { payment } from '~/config/payment';
import type { Database } from '~/db/client.server';
import type { FeatureContext } from '~/feature-context';
import { creditLedger, paymentMethods, payments } from '~/db/schema';
import type { ChargeSource } from '~/platform/payment-provider/types';
import { PaymentProviderUnavailableError } from '~/platform/payment-provider/types';

/** What a top-up needs from the process. */
export type TopUpDeps = Pick<FeatureContext, 'db' | 'paymentProvider' | 'rateLimits' | 'creditorId'>;

export type TopUpError =
  | 'credit.top-up.amount'
  | 'credit.top-up.no-method'
  | 'credit.top-up.declined'
  | 'credit.top-up.unavailable'
  | 'credit.top-up.too-many'
  | 'credit.top-up.duplicate';

export type TopUpOutcome = { ok: true; paymentId: string } | { ok: false; error: TopUpError };

/**
 * Tops the balance up by one of the configured amounts, charged to the customer's active payment
 * method through the payment provider. Without a payment method it is refused.
 *
 * The charge is an outside call and runs outside any transaction (no lock is held while the provider
 * thinks); its idempotency key is the form's, so the provider charges a repeated submit only once,
 * and we refuse it ourselves before calling. Then one transaction writes the payment (succeeded or
 * failed) and, for a success, the ledger entry.
 */
export async function topUp(
  deps: TopUpDeps,
  request: {
    customerId: string;
    amountCents: number;
    idempotencyKey: string;
    /** Shown on the customer's bank or card statement. */
    statementText: string;
    now?: Date;
  },
): Promise<TopUpOutcome> {
  const { customerId, amountCents } = request;
  if (!(payment.topUpAmountsCents as readonly number[]).includes(amountCents)) {
    return { ok: false, error: 'credit.top-up.amount' };
  }
  const [method] = await deps.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.active, true)));
  if (!method) return { ok: false, error: 'credit.top-up.no-method' };
  const source = chargeSource(method, deps.creditorId);
  if (!source) return { ok: false, error: 'credit.top-up.no-method' };

  const key = `${customerId}:${request.idempotencyKey}`;
  if ((await deps.rateLimits.increment(`top-up-key:${key}`, 24 * 60 * 60 * 1000)) > 1) {
    return { ok: false, error: 'credit.top-up.duplicate' };
  }
  if (!(await deps.rateLimits.hit(`top-up:${customerId}`, { max: payment.topUpsPerHour, windowMs: 60 * 60 * 1000 }))) {
    return { ok: false, error: 'credit.top-up.too-many' };
  }

  let charge;
  try {
    charge = await deps.paymentProvider.charge({
      source,
      amountCents,
      description: request.statementText,
      customerReference: customerId,
      idempotencyKey: key,
    });
  } catch (error) {
    if (error instanceof PaymentProviderUnavailableError) {
      // Nothing was charged that we know of; the same form may try again.
      await deps.rateLimits.reset(`top-up-key:${key}`);
      return { ok: false, error: 'credit.top-up.unavailable' };
    }
    throw error;
  }

  const now = request.now ?? new Date();
  const paymentId = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        customerId,
        paymentMethodId: method.id,
        amountCents,
        status: charge.status,
        providerReference: charge.providerReference,
        createdAt: now,
      })
      .returning({ id: payments.id });
    if (charge.status === 'succeeded') {
      await tx.insert(creditLedger).values({
        customerId,
        kind: 'top_up',
        amountCents,
        reference: charge.providerReference,
        createdAt: now,
      });
    }
    return row!.id;
  });
  return charge.status === 'succeeded' ? { ok: true, paymentId } : { ok: false, error: 'credit.top-up.declined' };
}

function chargeSource(method: typeof paymentMethods.$inferSelect, creditorId: string): ChargeSource | null {
  if (method.kind === 'sepa') {
    if (!method.iban || !method.accountHolder || !method.mandateReference || !method.mandateAcceptedAt) return null;
    return {
      kind: 'sepa',
      iban: method.iban,
      bic: method.bic,
      accountHolder: method.accountHolder,
      mandateReference: method.mandateReference,
      mandateSignedAt: method.mandateAcceptedAt,
      creditorId,
    };
  }
  return method.providerToken ? { kind: method.kind, token: method.providerToken } : null;
}

/** A top-up of this customer (and only this customer), for the confirmation after it. */
export async function topUpResult(db: Database, customerId: string, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db
    .select({ amountCents: payments.amountCents, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
  return row ?? null;
}
