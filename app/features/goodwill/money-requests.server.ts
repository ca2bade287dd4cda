import { and, asc, eq, sql } from 'drizzle-orm';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { creditLedger, customers, moneyRequests } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { recordAudit } from '~/features/audit/public.server';

/**
 * Goodwill credits and refunds booked by staff (docs/rules/back-office.md#money; docs/decisions/0034):
 * up to `business.backOffice.secondApprovalAboveCents` the ledger entry is booked at once; above it the
 * request waits for a second staff member with the role finance or admin (four eyes). The ledger entry,
 * the request's state and the audit entry always commit together.
 */

/** The staff member acting; the route layer has checked the login and the role. */
export interface StaffActor {
  staffId: string;
  role: 'agent' | 'finance' | 'admin';
}

export type MoneyRequest = typeof moneyRequests.$inferSelect;
export type MoneyRequestKind = MoneyRequest['kind'];
export type MoneyContext = Pick<FeatureContext, 'db'>;

export interface MoneyRequestInput {
  kind: MoneyRequestKind;
  customerId: string;
  /** Positive euro cents: what the customer is credited. */
  amountCents: number;
  reason: string;
}

export type RequestOutcome =
  | { ok: true; request: MoneyRequest; booked: boolean }
  | { ok: false; error: 'amount' | 'reason' | 'kind' | 'unknown-customer' };

const ledgerKind = { goodwill: 'goodwill', refund: 'refund' } as const;

/** Whether an amount needs a second staff member's approval. */
export function needsApproval(amountCents: number): boolean {
  return amountCents > business.backOffice.secondApprovalAboveCents;
}

/** Records a goodwill credit or refund: booked at once up to the threshold, pending above it. */
export async function requestMoney(
  ctx: MoneyContext,
  actor: StaffActor,
  input: MoneyRequestInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<RequestOutcome> {
  const { maxMoneyRequestCents, reasonMaxLength } = business.backOffice;
  if (input.kind !== 'goodwill' && input.kind !== 'refund') return { ok: false, error: 'kind' };
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > maxMoneyRequestCents) {
    return { ok: false, error: 'amount' };
  }
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > reasonMaxLength) return { ok: false, error: 'reason' };
  if (!isUuid(input.customerId)) return { ok: false, error: 'unknown-customer' };

  return ctx.db.transaction(async (tx): Promise<RequestOutcome> => {
    const [customer] = await tx
      .select({ id: customers.id, deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.id, input.customerId));
    if (!customer || customer.deletedAt) return { ok: false, error: 'unknown-customer' };
    const [created] = await tx
      .insert(moneyRequests)
      .values({
        kind: input.kind,
        customerId: input.customerId,
        amountCents: input.amountCents,
        reason,
        state: 'pending',
        requestedByStaffId: actor.staffId,
        requestedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actorStaffId: actor.staffId,
      action: 'money.request',
      subjectType: 'money_request',
      subjectId: created!.id,
      after: { kind: input.kind, customerId: input.customerId, amountCents: input.amountCents, reason },
    });
    if (needsApproval(input.amountCents)) return { ok: true, request: created!, booked: false };
    const booked = await book(tx, created!, actor, now);
    return { ok: true, request: booked, booked: true };
  });
}

export type DecisionOutcome =
  | { ok: true; request: MoneyRequest }
  | { ok: false; error: 'not-found' | 'role' | 'own-request' | 'decided' | 'reason' };

/**
 * Approves a pending request and books it. The approver must hold the role finance or admin and must
 * not be the requester. Two approvals at once book once: the request is claimed with one conditional
 * UPDATE … WHERE state = 'pending', and the second waits for the first and then finds it decided.
 */
export async function approveMoneyRequest(
  ctx: MoneyContext,
  actor: StaffActor,
  requestId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<DecisionOutcome> {
  if (actor.role !== 'finance' && actor.role !== 'admin') return { ok: false, error: 'role' };
  if (!isUuid(requestId)) return { ok: false, error: 'not-found' };
  return ctx.db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [claimed] = await tx
      .update(moneyRequests)
      .set({ state: 'booked', decidedByStaffId: actor.staffId, decidedAt: now })
      .where(pendingFromAnother(requestId, actor))
      .returning();
    if (!claimed) return { ok: false, error: await whyNot(tx, requestId, actor) };
    await recordAudit(tx, {
      actorStaffId: actor.staffId,
      action: 'money.approve',
      subjectType: 'money_request',
      subjectId: requestId,
      before: { state: 'pending' },
      after: { state: 'booked' },
    });
    return { ok: true, request: await book(tx, claimed, actor, now) };
  });
}

/** Rejects a pending request, with a reason; the same four-eyes rules as an approval. */
export async function rejectMoneyRequest(
  ctx: MoneyContext,
  actor: StaffActor,
  requestId: string,
  { reason, now = new Date() }: { reason: string; now?: Date },
): Promise<DecisionOutcome> {
  if (actor.role !== 'finance' && actor.role !== 'admin') return { ok: false, error: 'role' };
  const text = reason.trim();
  if (text.length < 3 || text.length > business.backOffice.reasonMaxLength) return { ok: false, error: 'reason' };
  if (!isUuid(requestId)) return { ok: false, error: 'not-found' };
  return ctx.db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [rejected] = await tx
      .update(moneyRequests)
      .set({ state: 'rejected', decidedByStaffId: actor.staffId, decidedAt: now, rejectionReason: text })
      .where(pendingFromAnother(requestId, actor))
      .returning();
    if (!rejected) return { ok: false, error: await whyNot(tx, requestId, actor) };
    await recordAudit(tx, {
      actorStaffId: actor.staffId,
      action: 'money.reject',
      subjectType: 'money_request',
      subjectId: requestId,
      before: { state: 'pending' },
      after: { state: 'rejected', reason: text },
    });
    return { ok: true, request: rejected };
  });
}

async function whyNot(
  tx: Database,
  requestId: string,
  actor: StaffActor,
): Promise<'not-found' | 'own-request' | 'decided'> {
  const [row] = await tx.select().from(moneyRequests).where(eq(moneyRequests.id, requestId));
  if (!row) return 'not-found';
  if (row.state !== 'pending') return 'decided';
  return row.requestedByStaffId === actor.staffId ? 'own-request' : 'decided';
}

/**
 * What the customer's statement shows for a booking: the request's number, by which the service team finds it. The
 * reason is staff's own wording about the customer and stays on the request.
 */
export function ledgerReference(request: Pick<MoneyRequest, 'id'>): string {
  return `K-${request.id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/** Writes the ledger entry of a request and links it; the request row is the reason's record. */
async function book(tx: Database, request: MoneyRequest, actor: StaffActor, now: Date): Promise<MoneyRequest> {
  const [entry] = await tx
    .insert(creditLedger)
    .values({
      customerId: request.customerId,
      kind: ledgerKind[request.kind],
      amountCents: request.amountCents,
      reference: ledgerReference(request),
      createdAt: now,
    })
    .returning({ id: creditLedger.id });
  const [booked] = await tx
    .update(moneyRequests)
    .set({
      state: 'booked',
      ledgerEntryId: entry!.id,
      decidedByStaffId: request.decidedByStaffId ?? actor.staffId,
      decidedAt: request.decidedAt ?? now,
    })
    .where(eq(moneyRequests.id, request.id))
    .returning();
  await recordAudit(tx, {
    actorStaffId: actor.staffId,
    action: 'money.book',
    subjectType: 'money_request',
    subjectId: request.id,
    after: { ledgerEntryId: entry!.id, customerId: request.customerId, amountCents: request.amountCents },
  });
  return booked!;
}

export interface MoneyRequestFilter {
  state?: MoneyRequest['state'];
  customerId?: string;
  page?: number;
  pageSize?: number;
}

export interface MoneyRequestPage {
  requests: MoneyRequest[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of requests, oldest first (ties broken by id), e.g. the pending ones awaiting approval. */
export async function listMoneyRequests(ctx: MoneyContext, filter: MoneyRequestFilter = {}): Promise<MoneyRequestPage> {
  const conditions = and(
    filter.state ? eq(moneyRequests.state, filter.state) : undefined,
    filter.customerId && isUuid(filter.customerId) ? eq(moneyRequests.customerId, filter.customerId) : undefined,
  );
  const { pageSize: defaultSize, maxPageSize } = business.backOffice;
  const pageSize = Math.min(Math.max(1, filter.pageSize ?? defaultSize), maxPageSize);
  const [count] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(moneyRequests)
    .where(conditions);
  const total = Number(count?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = filter.page ?? 1;
  const page = Math.min(Math.max(1, Number.isInteger(requested) ? requested : 1), pageCount);
  const requests = await ctx.db
    .select()
    .from(moneyRequests)
    .where(conditions)
    .orderBy(asc(moneyRequests.requestedAt), asc(moneyRequests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { requests, page, pageCount, total };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** A request still pending that someone other than the deciding staff member made: the four eyes' condition. */
function pendingFromAnother(requestId: string, actor: StaffActor) {
  return and(
    eq(moneyRequests.id, requestId),
    eq(moneyRequests.state, 'pending'),
    sql`${moneyRequests.requestedByStaffId} <> ${actor.staffId}`,
  );
}
