import { and, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { contracts, customers, tariffChanges, tariffs } from '~/db/schema';
import type { AccountContext } from '~/features/accounts/public.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { changeDirection, concludesPaidObligation } from '~/features/tariffs/public';
import { findTariff, listTariffs, type Tariff } from '~/features/tariffs/public.server';
import type { Locale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';
import type { CalendarDate } from './calendar';
import { downgradeEffectiveDate } from './cancellation-rules';
import { tariffChangeMail } from './contract-mails';
import { settleContract } from './contract-settlement.server';
import { isUniqueViolation } from '~/db/errors';
import { loadContract, type ContractOverview } from './contract.server';
import { contractFinished } from './contract-state';

/**
 * Tariff changes (docs/rules/contract-and-cancellation.md#tariff-change; docs/decisions/0007): an upgrade
 * applies at once, a downgrade waits as `pending` until the day after the current term or month ends and is
 * applied lazily, the first time the contract is read on or after that day. One pending change at a time (a
 * partial unique index guards it), none while a cancellation is pending.
 */

export type TariffChangeError =
  | 'tariff-change.no-contract'
  | 'tariff-change.cancellation-pending'
  | 'tariff-change.contract-ended'
  | 'tariff-change.pending-exists'
  | 'tariff-change.same'
  | 'tariff-change.review-outdated'
  | 'tariff.required';

export type TariffChangeOutcome =
  | { ok: true; kind: 'applied'; tariffId: string }
  | { ok: true; kind: 'pending'; tariffId: string; effectiveDate: CalendarDate }
  | { ok: false; error: TariffChangeError };

/** A tariff the customer may change to, and the day it would apply (null: at once). */
export interface TariffChangeOffer {
  tariff: Tariff;
  appliesFrom: CalendarDate | null;
}

/** The brand's other tariffs, each with the day it would apply: an upgrade at once, a downgrade after the term. */
export function tariffChangeOffers(contract: ContractOverview | null, tariffs: readonly Tariff[]): TariffChangeOffer[] {
  if (!contract) return [];
  return tariffs
    .filter((tariff) => tariff.id !== contract.tariff.id)
    .map((tariff) => ({
      tariff,
      appliesFrom: changeDirection(contract.tariff, tariff) === 'upgrade' ? null : contract.downgradeDate,
    }));
}

/**
 * What the summary before the confirming button shows (docs/rules/contract-and-cancellation.md#tariff-change): the
 * current and the new tariff, when the new one applies, and whether the change concludes a paid obligation (then the
 * button reads "Zahlungspflichtig wechseln").
 */
export interface TariffChangeReview {
  from: Tariff;
  to: Tariff;
  /** The day the new tariff applies; `today` for an upgrade, which applies at once. */
  effectiveDate: CalendarDate;
  appliesAtOnce: boolean;
  paid: boolean;
  /**
   * What the customer saw and confirms, sent back with the confirmation: the current and the new tariff, the day it
   * applies and the new tariff's prices and term. A confirmation whose key no longer matches orders nothing and
   * shows the summary again (`requestTariffChange`'s `reviewKey`).
   */
  key: string;
}

/** The key of a review (`TariffChangeReview.key`): it changes whenever what the summary shows would change. */
function reviewKeyOf(from: Tariff, to: Tariff, effectiveDate: CalendarDate): string {
  const terms = [
    to.baseFeeCents,
    to.baseFeePeriod,
    to.ridePriceCents,
    to.rideBlockMinutes,
    to.freeMinutes,
    to.dailyCapCents ?? '-',
    to.term,
    to.firstTermMonths,
    to.nameDe,
    to.nameEn,
  ].join('/');
  return `${from.id}>${to.id}@${effectiveDate}:${terms}`;
}

function blockedChange(contract: ContractOverview | null): TariffChangeError | null {
  if (!contract) return 'tariff-change.no-contract';
  if (contract.state === 'cancellation_requested') return 'tariff-change.cancellation-pending';
  if (contractFinished(contract.state)) return 'tariff-change.contract-ended';
  if (contract.pendingChange) return 'tariff-change.pending-exists';
  return null;
}

/**
 * The summary of a change the customer chose, or why it cannot be ordered: the review step between the choice and
 * the confirming button. It orders nothing; `requestTariffChange` checks everything again.
 */
export async function reviewTariffChange(
  ctx: Pick<AccountContext, 'db' | 'config'>,
  customerId: string,
  toTariffId: string,
  now: Date = new Date(),
): Promise<{ ok: true; review: TariffChangeReview } | { ok: false; error: TariffChangeError }> {
  const [contract, tariffs] = await Promise.all([
    loadContract(ctx.db, customerId, now),
    listTariffs(ctx.db, ctx.config.brand),
  ]);
  const blocked = blockedChange(contract);
  if (blocked || !contract) return { ok: false, error: blocked ?? 'tariff-change.no-contract' };
  if (toTariffId === contract.tariff.id) return { ok: false, error: 'tariff-change.same' };
  const offer = tariffChangeOffers(contract, tariffs).find((candidate) => candidate.tariff.id === toTariffId);
  if (!offer) return { ok: false, error: 'tariff.required' };
  const effectiveDate = offer.appliesFrom ?? berlinDate(now);
  return {
    ok: true,
    review: {
      from: contract.tariff,
      to: offer.tariff,
      effectiveDate,
      appliesAtOnce: offer.appliesFrom === null,
      paid: concludesPaidObligation(contract.tariff, offer.tariff),
      key: reviewKeyOf(contract.tariff, offer.tariff, effectiveDate),
    },
  };
}

/**
 * Orders a tariff change. `reviewKey`, when given, is the key of the summary the customer confirmed
 * (`TariffChangeReview.key`): checked in the transaction that orders the change, so that what is ordered is what
 * the summary before the button showed (docs/rules/contract-and-cancellation.md#tariff-change).
 */
export async function requestTariffChange(
  ctx: AccountContext,
  customerId: string,
  toTariffId: string,
  { locale, now = new Date(), reviewKey }: { locale: Locale; now?: Date; reviewKey?: string },
): Promise<TariffChangeOutcome> {
  const { db } = ctx;
  const today = berlinDate(now);
  const target = await findTariff(db, ctx.config.brand, toTariffId);
  if (!target) return { ok: false, error: 'tariff.required' };
  await settleContract(db, customerId, now);
  try {
    const result = await db.transaction(async (tx) => {
      const [contract] = await tx.select().from(contracts).where(eq(contracts.customerId, customerId)).for('update');
      if (!contract) return { ok: false, error: 'tariff-change.no-contract' } as const;
      if (contract.state === 'cancellation_requested')
        return { ok: false, error: 'tariff-change.cancellation-pending' } as const;
      if (contractFinished(contract.state)) return { ok: false, error: 'tariff-change.contract-ended' } as const;
      if (contract.tariffId === target.id) return { ok: false, error: 'tariff-change.same' } as const;
      const [pending] = await tx
        .select({ id: tariffChanges.id })
        .from(tariffChanges)
        .where(and(eq(tariffChanges.contractId, contract.id), eq(tariffChanges.state, 'pending')));
      if (pending) return { ok: false, error: 'tariff-change.pending-exists' } as const;
      const [current] = await tx.select().from(tariffs).where(eq(tariffs.id, contract.tariffId));
      if (!current) throw new Error(`Contract ${contract.id} names an unknown tariff`);

      const outcome: TariffChangeOutcome =
        changeDirection(current, target) === 'upgrade'
          ? { ok: true, kind: 'applied', tariffId: target.id }
          : {
              ok: true,
              kind: 'pending',
              tariffId: target.id,
              effectiveDate: downgradeEffectiveDate(current, contract.tariffSince, today),
            };
      if (
        reviewKey !== undefined &&
        reviewKey !== reviewKeyOf(current, target, outcome.kind === 'pending' ? outcome.effectiveDate : today)
      ) {
        return { ok: false, error: 'tariff-change.review-outdated' } as const;
      }
      await tx.insert(tariffChanges).values({
        contractId: contract.id,
        fromTariffId: current.id,
        toTariffId: target.id,
        state: outcome.kind,
        effectiveDate: outcome.kind === 'pending' ? outcome.effectiveDate : today,
        requestedAt: now,
        settledAt: outcome.kind === 'applied' ? now : null,
      });
      if (outcome.kind === 'applied') {
        // A new tariff starts its own term: an annual tariff's first term counts from today.
        await tx
          .update(contracts)
          .set({ tariffId: target.id, tariffSince: today })
          .where(eq(contracts.id, contract.id));
      }
      const [customer] = await tx
        .select({ email: customers.email, firstName: customers.firstName })
        .from(customers)
        .where(eq(customers.id, customerId));
      const mail = tariffChangeMail(
        {
          firstName: customer!.firstName,
          from: current,
          to: target,
          effectiveDate: outcome.kind === 'pending' ? outcome.effectiveDate : today,
          applied: outcome.kind === 'applied',
        },
        locale,
        ctx.brand,
      );
      await enqueueMail(tx, customer!.email, mail);
      return { ...outcome, mail: { to: customer!.email, ...mail } };
    });
    if (!result.ok) return result;
    const { mail, ...outcome } = result;
    ctx.onMailQueued(mail.to, mail.subject, mail.text);
    return outcome;
  } catch (error) {
    // Two requests at the same moment: the partial unique index lets one pending change through.
    if (isUniqueViolation(error)) return { ok: false, error: 'tariff-change.pending-exists' };
    throw error;
  }
}

/** Withdraws the customer's pending change, if any; true when there was one. */
export async function withdrawTariffChange(db: Database, customerId: string, now: Date = new Date()): Promise<boolean> {
  await settleContract(db, customerId, now);
  const [contract] = await db.select({ id: contracts.id }).from(contracts).where(eq(contracts.customerId, customerId));
  if (!contract) return false;
  const withdrawn = await db
    .update(tariffChanges)
    .set({ state: 'withdrawn', settledAt: now })
    .where(and(eq(tariffChanges.contractId, contract.id), eq(tariffChanges.state, 'pending')))
    .returning({ id: tariffChanges.id });
  return withdrawn.length > 0;
}
