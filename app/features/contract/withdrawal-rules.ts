import { withdrawalDeadline } from '~/shared/legal/withdrawal-instructions';
import type { CalendarDate } from './calendar';

export { withdrawalDeadline };

/**
 * The arithmetic of a withdrawal (docs/rules/contract-and-cancellation.md#withdrawal), free of the
 * database: when the period ends, and what of a base fee already charged is refunded.
 */

export function withinWithdrawalPeriod(startDate: CalendarDate, receivedOn: CalendarDate): boolean {
  return receivedOn <= withdrawalDeadline(startDate);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysInclusive(from: CalendarDate, to: CalendarDate): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000) + 1);
}

export interface ChargedPeriod {
  periodStart: CalendarDate;
  periodEnd: CalendarDate;
  amountCents: number;
}

/**
 * What a base fee charged for a period is refunded when the contract is withdrawn on `withdrawnOn`:
 * the days before the withdrawal stay paid, the withdrawal day and the rest of the period are refunded,
 * pro rata to whole days and rounded to the cent.
 */
export function baseFeeRefundCents(charge: ChargedPeriod, withdrawnOn: CalendarDate): number {
  const periodDays = daysInclusive(charge.periodStart, charge.periodEnd);
  if (periodDays === 0 || charge.amountCents <= 0) return 0;
  const firstRefunded = withdrawnOn > charge.periodStart ? withdrawnOn : charge.periodStart;
  const refundedDays = daysInclusive(firstRefunded, charge.periodEnd);
  return Math.round((charge.amountCents * refundedDays) / periodDays);
}
