import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { business } from '~/config/business';
import type { Database } from '~/db/client.server';
import { creditLedger, customers, moneyRequests } from '~/db/schema';
import type { FeatureContext } from '~/feature-context';
import { recordAudit, type AuditOrigin } from '~/features/audit/public.server';
import { fourEyesAmounts } from '~/features/back-office-settings/public.server';
import {
  beyondStaffBudget,
  isSecondPerson,
  lockStaffBudget,
  notSetUpByEachOther,
  rollingWindowStart,
  selfApprovedCents,
} from './four-eyes.server';

/**
 * Goodwill credits and refunds booked by staff (docs/rules/back-office.md#money; docs/decisions/0034):
 * up to the four-eyes amount for requests (an admin's setting, features/back-office-settings) the
 * ledger entry is booked at once; above it the request waits for a second staff member with the role
 * finance or admin (four eyes), and so does a request whose sum with the customer's pending and booked
 * requests of the last `business.backOffice.rollingTotalHours` exceeds it (an amount split into
 * pieces), or that takes its requester beyond their budget (four-eyes.server.ts). The ledger entry,
 * the request's state and the audit entry always commit together; a form's one-time token books once.
 */

/** The staff member acting; the route layer has checked the login and the role. */
export interface StaffActor {
  staffId: string;
  role: 'agent' | 'finance' | 'admin';
  /** The request's id and keyed address (`auditOrigin(context)`), stamped on every audit entry. */
  origin: AuditOrigin;
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
  /**
   * The form's one-time token (idempotency): a request with a token already used answers the request
   * made with it and books nothing more, so a double submit books once.
   */
  formToken?: string;
}

export type RequestOutcome =
  /** `repeated`: the form's token had been used; `request` is the one made with it. */
  | { ok: true; request: MoneyRequest; booked: boolean; repeated?: boolean }
  | { ok: false; error: 'amount' | 'reason' | 'kind' | 'unknown-customer' | 'form-token' };

const ledgerKind = { goodwill: 'goodwill', refund: 'refund' } as const;

/**
 * Whether an amount needs a second staff member's approval, given what the customer was granted or is
 * waiting for within the rolling window (`recentCents`) and the four-eyes amount in force (`aboveCents`).
 */
export function needsApproval(amountCents: number, recentCents: number, aboveCents: number): boolean {
  return amountCents + recentCents > aboveCents;
}

/** A one-time token for a form that books or creates: 144 random bits, URL-safe. */
export function newFormToken(): string {
  return randomBytes(18).toString('base64url');
}

/** A form token: what `newFormToken` hands out, 16 to 64 URL-safe characters. */
export function isFormToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(value);
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
  if (input.formToken !== undefined && !isFormToken(input.formToken)) return { ok: false, error: 'form-token' };

  return ctx.db.transaction(async (tx): Promise<RequestOutcome> => {
    // The customer's row stays locked until commit: requests for one customer run one after the other,
    // so two of them at once cannot both count the rolling total without the other.
    const [customer] = await tx
      .select({ id: customers.id, deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.id, input.customerId))
      .for('update');
    if (!customer || customer.deletedAt) return { ok: false, error: 'unknown-customer' };
    if (input.formToken !== undefined) {
      const repeated = await requestOfToken(tx, input.formToken, actor);
      if (repeated) return repeated;
    }
    await lockStaffBudget(tx, actor.staffId);
    const limits = await fourEyesAmounts(tx);
    const since = rollingWindowStart(now);
    const staffCents = await selfApprovedCents(tx, actor.staffId, since);
    const [recent] = await tx
      .select({ cents: sql<number>`coalesce(sum(${moneyRequests.amountCents}), 0)::int` })
      .from(moneyRequests)
      .where(
        and(
          eq(moneyRequests.customerId, input.customerId),
          inArray(moneyRequests.state, ['pending', 'booked']),
          gt(moneyRequests.requestedAt, since),
        ),
      );
    const recentCents = Number(recent?.cents ?? 0);
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
        formToken: input.formToken ?? null,
      })
      .onConflictDoNothing({ target: moneyRequests.formToken })
      .returning();
    // Only a token used at the same moment for another customer gets here (the customer lock orders the rest).
    if (!created) return (await requestOfToken(tx, input.formToken!, actor)) ?? { ok: false, error: 'form-token' };
    const approval =
      needsApproval(input.amountCents, recentCents, limits.moneyRequestAboveCents) ||
      beyondStaffBudget(input.amountCents, staffCents, limits.selfApprovedPerStaffCents);
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'money.request',
        subjectType: 'money_request',
        subjectId: created.id,
        after: {
          kind: input.kind,
          customerId: input.customerId,
          amountCents: input.amountCents,
          reason,
          recentCents,
          staffSelfApprovedCents: staffCents,
          limits,
          needsApproval: approval,
        },
      },
      actor.origin,
    );
    if (approval) return { ok: true, request: created, booked: false };
    const booked = await book(tx, created, actor, now);
    return { ok: true, request: booked, booked: true };
  });
}

/** The request a used form token made, when the same staff member used it; a stranger's token is refused. */
async function requestOfToken(tx: Database, formToken: string, actor: StaffActor): Promise<RequestOutcome | null> {
  const [existing] = await tx.select().from(moneyRequests).where(eq(moneyRequests.formToken, formToken));
  if (!existing) return null;
  if (existing.requestedByStaffId !== actor.staffId) return { ok: false, error: 'form-token' };
  return { ok: true, request: existing, booked: existing.state === 'booked', repeated: true };
}

/**
 * One request, with the customer's number, or null. A staff member's view of it is audited: it shows
 * customer data (the number, staff's reason about the customer).
 */
export async function viewMoneyRequest(ctx: MoneyContext, viewer: StaffActor, requestId: string) {
  if (!isUuid(requestId)) return null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ request: moneyRequests, customerNumber: customers.customerNumber })
      .from(moneyRequests)
      .innerJoin(customers, eq(customers.id, moneyRequests.customerId))
      .where(eq(moneyRequests.id, requestId));
    if (!row) return null;
    await recordAudit(
      tx,
      { actorStaffId: viewer.staffId, action: 'money.view', subjectType: 'money_request', subjectId: requestId },
      viewer.origin,
    );
    const decidable =
      row.request.state === 'pending' && (await isSecondPerson(tx, row.request.requestedByStaffId, viewer.staffId));
    return { ...row.request, customerNumber: row.customerNumber, decidable };
  });
}

/** The id of a customer, not deleted, by customer number; null when there is none. */
export async function customerIdByNumber(ctx: MoneyContext, customerNumber: string): Promise<string | null> {
  const number = customerNumber.trim();
  if (!/^[0-9A-Za-z-]{1,32}$/.test(number)) return null;
  const [row] = await ctx.db
    .select({ id: customers.id, deletedAt: customers.deletedAt })
    .from(customers)
    .where(eq(customers.customerNumber, number));
  return row && !row.deletedAt ? row.id : null;
}

export type DecisionOutcome =
  | { ok: true; request: MoneyRequest }
  | { ok: false; error: 'not-found' | 'role' | 'own-request' | 'decided' | 'reason' | 'customer-deleted' };

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
    // The customer's row stays locked until the booking: an account erased meanwhile gets no credit.
    const [customer] = await tx
      .select({ deletedAt: customers.deletedAt })
      .from(customers)
      .innerJoin(moneyRequests, eq(moneyRequests.customerId, customers.id))
      .where(eq(moneyRequests.id, requestId))
      .for('update', { of: customers });
    if (customer?.deletedAt) return { ok: false, error: 'customer-deleted' };
    const [claimed] = await tx
      .update(moneyRequests)
      .set({ state: 'booked', decidedByStaffId: actor.staffId, decidedAt: now })
      .where(pendingFromAnother(requestId, actor))
      .returning();
    if (!claimed) return { ok: false, error: await whyNot(tx, requestId, actor) };
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'money.approve',
        subjectType: 'money_request',
        subjectId: requestId,
        before: { state: 'pending' },
        after: { state: 'booked' },
      },
      actor.origin,
    );
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
    await recordAudit(
      tx,
      {
        actorStaffId: actor.staffId,
        action: 'money.reject',
        subjectType: 'money_request',
        subjectId: requestId,
        before: { state: 'pending' },
        after: { state: 'rejected', reason: text },
      },
      actor.origin,
    );
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
  return (await isSecondPerson(tx, row.requestedByStaffId, actor.staffId)) ? 'decided' : 'own-request';
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
  await recordAudit(
    tx,
    {
      actorStaffId: actor.staffId,
      action: 'money.book',
      subjectType: 'money_request',
      subjectId: request.id,
      after: { ledgerEntryId: entry!.id, customerId: request.customerId, amountCents: request.amountCents },
    },
    actor.origin,
  );
  return booked!;
}

export interface MoneyRequestFilter {
  state?: MoneyRequest['state'];
  kind?: MoneyRequestKind;
  customerId?: string;
  page?: number;
  pageSize?: number;
}

export interface MoneyRequestPage {
  requests: (MoneyRequest & { customerNumber: string })[];
  page: number;
  pageCount: number;
  total: number;
}

/** One page of requests, oldest first (ties broken by id), e.g. the pending ones awaiting approval. */
/**
 * One page of requests, oldest first. The page shows customers' numbers, so a page that lists any is
 * recorded as a view (`money.list`, with the ids of the requests it showed).
 */
export async function listMoneyRequests(
  ctx: MoneyContext,
  viewer: StaffActor,
  filter: MoneyRequestFilter = {},
): Promise<MoneyRequestPage> {
  const conditions = and(
    filter.state ? eq(moneyRequests.state, filter.state) : undefined,
    filter.kind ? eq(moneyRequests.kind, filter.kind) : undefined,
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
  const rows = await ctx.db
    .select({ request: moneyRequests, customerNumber: customers.customerNumber })
    .from(moneyRequests)
    .innerJoin(customers, eq(customers.id, moneyRequests.customerId))
    .where(conditions)
    .orderBy(asc(moneyRequests.requestedAt), asc(moneyRequests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const requests = rows.map((row) => ({ ...row.request, customerNumber: row.customerNumber }));
  if (requests.length) {
    await recordAudit(
      ctx.db,
      {
        actorStaffId: viewer.staffId,
        action: 'money.list',
        subjectType: 'money_request',
        subjectId: 'list',
        after: { page, shown: requests.map((request) => request.id) },
      },
      viewer.origin,
    );
  }
  return { requests, page, pageCount, total };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * A request still pending that someone other than the deciding staff member made, neither of whom set
 * up the other's account: the four eyes' condition.
 */
function pendingFromAnother(requestId: string, actor: StaffActor) {
  return and(
    eq(moneyRequests.id, requestId),
    eq(moneyRequests.state, 'pending'),
    sql`${moneyRequests.requestedByStaffId} <> ${actor.staffId}`,
    notSetUpByEachOther(moneyRequests.requestedByStaffId, actor.staffId),
  );
}
