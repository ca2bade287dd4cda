import { and, eq } from 'drizzle-orm';
import type { Database } from '~/db/client.server';
import { contracts, customers, tariffChanges, tariffs } from '~/db/schema';
import type { AccountContext } from '~/features/accounts/public.server';
import { enqueueMail } from '~/shared/mail/outbox.server';
import { changeDirection } from '~/features/tariffs/public';
import { findTariff } from '~/features/tariffs/public.server';
import type { Locale } from '~/i18n/locales';
import { berlinDate } from '~/platform/berlin-date';
import type { CalendarDate } from './calendar';
import { downgradeEffectiveDate } from './cancellation-rules';
import { tariffChangeMail } from './contract-mails';
import { settleContract } from './contract-settlement.server';
import { isUniqueViolation } from '~/db/errors';

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
  | 'tariff.required';

export type TariffChangeOutcome =
  | { ok: true; kind: 'applied'; tariffId: string }
  | { ok: true; kind: 'pending'; tariffId: string; effectiveDate: CalendarDate }
  | { ok: false; error: TariffChangeError };

export async function requestTariffChange(
  ctx: AccountContext,
  customerId: string,
  toTariffId: string,
  { locale, now = new Date() }: { locale: Locale; now?: Date },
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
      if (contract.state === 'ended') return { ok: false, error: 'tariff-change.contract-ended' } as const;
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
