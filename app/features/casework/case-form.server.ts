import { and, asc, eq, inArray } from 'drizzle-orm';
import { caseWorkerRoles } from '~/config/back-office';
import { business } from '~/config/business';
import { cases, staffAccounts } from '~/db/schema';
import { z } from '~/platform/validation';
import { parseForm } from '~/shared/security/parse-form.server';
import {
  carryOutDeletion,
  closeDeclaration,
  completeReport,
  completeVehicleReport,
  matchDeclaration,
  refuseDeletion,
  retryMessage,
} from './case-actions.server';
import {
  addCaseNote,
  assignCase,
  isUuid,
  takeCase,
  transitionCase,
  type CaseKind,
  type CaseworkContext,
  type StaffActor,
} from './cases.server';
import { recordPayoutPaid } from './payout-cases.server';

/**
 * The case page's actions (docs/rules/back-office.md#case-queues): one form per action, told apart by
 * its `intent`, each carrying the case's id and the `version` the page showed. The route reads the
 * form and renders; what each intent does, and what its outcome means for the page, lives here.
 */

export const caseIntents = [
  'take',
  'assign',
  'transition',
  'note',
  'match',
  'complete',
  'carry-out',
  'refuse',
  'retry',
  'close',
  'record-payout',
] as const;
export type CaseIntent = (typeof caseIntents)[number];

const caseFormSchema = z.object({
  intent: z.enum(caseIntents),
  id: z.string().check(z.maxLength(100)),
  version: z.coerce.number().check(z.int(), z.gte(0), z.lte(2_000_000_000)),
  assignee: z.optional(z.string().check(z.maxLength(100))),
  /** Forward by hand only to `in_progress`: a case is closed by the action of its kind (or `close`). */
  to: z.optional(z.literal('in_progress')),
  text: z.optional(z.string().check(z.maxLength(business.backOffice.noteMaxLength * 2))),
  reason: z.optional(z.string().check(z.maxLength(business.backOffice.reasonMaxLength * 2))),
  customerId: z.optional(z.string().check(z.maxLength(100))),
  /** Closing a declaration: one of `declarationCloseReasons`, and staff's words for the declarant. */
  closeReason: z.optional(z.string().check(z.maxLength(100))),
  closeText: z.optional(z.string().check(z.maxLength(business.backOffice.reasonMaxLength * 2))),
  /** Recording a payout as paid out: the transfer's reference. */
  transferReference: z.optional(z.string().check(z.maxLength(business.backOffice.transferReferenceMaxLength * 2))),
});

/** What the page says after an action that worked (the `done` query value of the redirect). */
export const caseNotices = [
  'taken',
  'assigned',
  'moved',
  'noted',
  'matched',
  'completed',
  'completed-mailed',
  'deleted',
  'refused',
  'retried',
  'closed',
  'closed-answered',
  'paid-out',
  'paid-out-mailed',
] as const;
export type CaseNotice = (typeof caseNotices)[number];

/** Why an action was refused; `field` names the form field the message belongs next to. */
export type CaseRefusal =
  | 'invalid-form'
  | 'not-found'
  | 'wrong-kind'
  | 'done'
  | 'stale'
  | 'taken'
  | 'backward'
  | 'invalid-assignee'
  | 'note-required'
  | 'reason-required'
  | 'close-reason-required'
  | 'close-text-required'
  | 'close-text-too-long'
  | 'unknown-customer'
  | 'already-assigned'
  | 'withdrawn'
  | 'no-contract'
  | 'blocked'
  | 'not-requested'
  | 'already-deleted'
  | 'text-gone'
  | 'not-failed'
  | 'not-allowed'
  | 'already-paid'
  | 'transfer-reference-required'
  | 'transfer-reference-invalid';

/** The form fields a refusal's message can belong to. */
export type CaseField =
  'assignee' | 'text' | 'reason' | 'customerId' | 'closeReason' | 'closeText' | 'transferReference';

export type CaseFormOutcome =
  | { ok: true; caseId: string; notice: CaseNotice }
  | {
      ok: false;
      status: 400 | 403 | 409;
      refusal: CaseRefusal;
      field?: CaseField;
      /** What was typed or chosen, so the form shows it again. */
      values: { text?: string; reason?: string; closeReason?: string; closeText?: string; transferReference?: string };
    };

const conflicts: readonly CaseRefusal[] = [
  'stale',
  'taken',
  'done',
  'backward',
  'already-assigned',
  'blocked',
  'already-paid',
];
const known = new Set<string>([
  'not-found',
  'wrong-kind',
  'done',
  'stale',
  'taken',
  'backward',
  'unknown-customer',
  'already-assigned',
  'withdrawn',
  'no-contract',
  'blocked',
  'not-requested',
  'already-deleted',
  'text-gone',
  'not-failed',
  'already-paid',
]);

/** Reads one action of the case page and carries it out for `actor`. Never throws for a bad form. */
export async function submitCaseForm(
  ctx: CaseworkContext,
  actor: StaffActor,
  form: FormData,
  now = new Date(),
): Promise<CaseFormOutcome> {
  const submission = parseForm(form, caseFormSchema);
  if (submission.status !== 'success') {
    return { ok: false, status: 400, refusal: 'invalid-form', values: {} };
  }
  const input = submission.value;
  const caseId = input.id;
  const expectedVersion = input.version;
  const values = {
    text: input.text,
    reason: input.reason,
    closeReason: input.closeReason,
    closeText: input.closeText,
    transferReference: input.transferReference,
  };
  const refuse = (error: string, field?: CaseField): CaseFormOutcome => {
    const refusal: CaseRefusal =
      error === 'invalid'
        ? field === 'assignee'
          ? 'invalid-assignee'
          : 'invalid-form'
        : known.has(error)
          ? (error as CaseRefusal)
          : 'invalid-form';
    return { ok: false, status: conflicts.includes(refusal) ? 409 : 400, refusal, field, values };
  };
  const done = (notice: CaseNotice): CaseFormOutcome => ({ ok: true, caseId, notice });

  switch (input.intent) {
    case 'take': {
      const outcome = await takeCase(ctx, actor, caseId, { expectedVersion });
      return outcome.ok ? done('taken') : refuse(outcome.error);
    }
    case 'assign': {
      const assignee = input.assignee ?? '';
      if (assignee !== 'none' && !isUuid(assignee)) return refuse('invalid', 'assignee');
      const outcome = await assignCase(ctx, actor, caseId, {
        assigneeStaffId: assignee === 'none' ? null : assignee,
        expectedVersion,
      });
      return outcome.ok ? done('assigned') : refuse(outcome.error, 'assignee');
    }
    case 'transition': {
      if (!input.to) return refuse('invalid');
      const outcome = await transitionCase(ctx, actor, caseId, { to: input.to, expectedVersion });
      return outcome.ok ? done('moved') : refuse(outcome.error);
    }
    case 'note': {
      const text = (input.text ?? '').trim();
      if (text.length === 0 || text.length > business.backOffice.noteMaxLength) {
        return { ok: false, status: 400, refusal: 'note-required', field: 'text', values };
      }
      const outcome = await addCaseNote(ctx, actor, caseId, text, { expectedVersion });
      return outcome.ok ? done('noted') : refuse(outcome.error, 'text');
    }
    case 'match': {
      if (!input.customerId || !isUuid(input.customerId)) return refuse('unknown-customer', 'customerId');
      const outcome = await matchDeclaration(ctx, actor, caseId, {
        customerId: input.customerId,
        expectedVersion,
        now,
      });
      return outcome.ok ? done('matched') : refuse(outcome.error, 'customerId');
    }
    case 'complete': {
      // A report of either kind: the domain refuses the other kind, so try the bike report first.
      let outcome = await completeReport(ctx, actor, caseId, { expectedVersion, now });
      if (!outcome.ok && outcome.error === 'wrong-kind') {
        outcome = await completeVehicleReport(ctx, actor, caseId, { expectedVersion, now });
      }
      return outcome.ok ? done(outcome.reporterMailed ? 'completed-mailed' : 'completed') : refuse(outcome.error);
    }
    case 'carry-out': {
      const outcome = await carryOutDeletion(ctx, actor, caseId, { expectedVersion, now });
      return outcome.ok ? done('deleted') : refuse(outcome.error);
    }
    case 'refuse': {
      const reason = (input.reason ?? '').trim();
      if (reason.length === 0 || reason.length > business.backOffice.reasonMaxLength) {
        return { ok: false, status: 400, refusal: 'reason-required', field: 'reason', values };
      }
      const outcome = await refuseDeletion(ctx, actor, caseId, { reason, expectedVersion, now });
      return outcome.ok ? done('refused') : refuse(outcome.error, 'reason');
    }
    case 'retry': {
      const outcome = await retryMessage(ctx, actor, caseId, { expectedVersion, now });
      return outcome.ok ? done('retried') : refuse(outcome.error);
    }
    case 'close': {
      // Closing by hand is for what has no action of its own: a declaration after a check, a failed SMS, a trip of an
      // unknown customer number once staff have cleared it up with the fleet (the note says how).
      if (!isUuid(caseId)) return refuse('not-found');
      const [row] = await ctx.db.select({ kind: cases.kind }).from(cases).where(eq(cases.id, caseId));
      if (!row) return refuse('not-found');
      if (!closableByHand.includes(row.kind)) return refuse('wrong-kind');
      if (row.kind === 'cancellation') {
        const outcome = await closeDeclaration(ctx, actor, caseId, {
          reason: input.closeReason,
          text: input.closeText,
          expectedVersion,
          now,
        });
        if (outcome.ok) return done(outcome.declarantMailed ? 'closed-answered' : 'closed');
        // A missing reason or text is refused before anything is written; what was chosen and typed is shown again.
        const { error } = outcome;
        if (error === 'close-reason-required' || error === 'close-text-required' || error === 'close-text-too-long') {
          const field = error === 'close-reason-required' ? 'closeReason' : 'closeText';
          return { ok: false, status: 400, refusal: error, field, values };
        }
        return refuse(error);
      }
      const outcome = await transitionCase(ctx, actor, caseId, { to: 'done', expectedVersion });
      return outcome.ok ? done('closed') : refuse(outcome.error);
    }
    case 'record-payout': {
      const outcome = await recordPayoutPaid(ctx, actor, caseId, {
        transferReference: input.transferReference,
        expectedVersion,
        now,
      });
      if (outcome.ok) return done(outcome.customerMailed ? 'paid-out-mailed' : 'paid-out');
      const { error } = outcome;
      // The back office's route table lets only finance staff and admins send this; the feature checks again.
      if (error === 'not-allowed') return { ok: false, status: 403, refusal: error, values };
      // A missing or unreadable reference is refused before anything is written, next to its field, as typed.
      if (error === 'transfer-reference-required' || error === 'transfer-reference-invalid') {
        return { ok: false, status: 400, refusal: error, field: 'transferReference', values };
      }
      return refuse(error);
    }
  }
}

/** The kinds whose cases staff close by hand (the others close by their own action). */
export const closableByHand: readonly CaseKind[] = ['cancellation', 'failed_sms', 'trip'];

/** Who a case can be given to: active staff whose role works cases, by name. */
export async function assignableStaff(ctx: Pick<CaseworkContext, 'db'>) {
  return ctx.db
    .select({ id: staffAccounts.id, displayName: staffAccounts.displayName })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.active, true), inArray(staffAccounts.role, caseWorkerRoles)))
    .orderBy(asc(staffAccounts.displayName), asc(staffAccounts.id));
}
