import type { ReactNode } from 'react';
import { data, Form, redirect } from 'react-router';
import type { Route } from './+types/case';
import { business } from '~/config/business';
import { servicesContext } from '~/context';
import {
  assignableStaff,
  caseIntents,
  caseNotices,
  closableByHand,
  closeReasonOf,
  closeReasonsNeedingText,
  declarationCloseReasons,
  declarationNoun,
  getCase,
  previewMatch,
  submitCaseForm,
  type StaffActor,
} from '~/features/casework/public.server';
import { auditOrigin, requireStaff, staffNames } from '~/features/staff/public.server';
import { backOfficePath, rolesFor } from '~/i18n/back-office-routes';
import { useLocale, useT } from '~/i18n/hooks';
import { formatDate, formatEuro, formatNumericInstant } from '~/i18n/intl-formats';
import type { MessageKey } from '~/i18n/translate';
import { csrfFor } from '~/shared/security/form-page.server';
import { submittedForm } from '~/shared/security/submitted-form.server';
import { AppLink } from '~/ui/components/app-link';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';

export const meta = backOfficeMeta;

function actorOf(context: Route.LoaderArgs['context']): StaffActor {
  const staff = requireStaff(context);
  return { staffId: staff.staffId, role: staff.role, origin: auditOrigin(context) };
}

/**
 * One case (docs/rules/back-office.md#case-queues): its matter, its handling, its notes, and the
 * actions its kind and state allow and the staff member's role may send (the back office's route
 * table). Viewing it is audited. `customerNumber` in the query previews matching an unmatched
 * declaration before staff confirm it.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const actor = actorOf(context);
  const params = url.searchParams;
  const found = await getCase(services, actor, params.get('id') ?? '');
  if (!found) throw data({ message: 'backoffice.case.refusal.not-found' }, { status: 404 });
  const [names, assignable] = await Promise.all([staffNames(services), assignableStaff(services)]);
  const customerNumber = (params.get('customerNumber') ?? '').trim().slice(0, 40);
  const unmatched = found.source?.kind === 'cancellation' && !found.source.matched && found.case.state !== 'done';
  const preview =
    unmatched && customerNumber ? await previewMatch(services, actor, found.case.id, { customerNumber }) : null;
  const csrf = csrfFor(request, context);
  const done = caseNotices.find((notice) => notice === params.get('done')) ?? null;
  const declaration = found.source?.kind === 'cancellation' ? found.source.declaration : null;
  return data(
    {
      title: backOfficeTitle(context, 'backoffice.page.case'),
      csrf: csrf.token,
      self: actor.staffId,
      case: {
        ...found.case,
        assignee: found.case.assigneeStaffId
          ? (names.get(found.case.assigneeStaffId) ?? found.case.assigneeStaffId)
          : null,
      },
      notes: found.notes.map((note) => ({ ...note, author: names.get(note.authorStaffId) ?? note.authorStaffId })),
      source: found.source,
      closableByHand: closableByHand.includes(found.case.kind),
      // A cancellation's case may hold a withdrawal (docs/rules/contract-and-cancellation.md#cancellation-declarations).
      declarationNoun: declaration ? declarationNoun(declaration.kind) : null,
      closeReasons: declarationCloseReasons.map((code) => ({
        code,
        needsText: closeReasonsNeedingText.includes(code),
      })),
      outcomeReason: closeReasonOf(found.case.outcome),
      // The forms the role may send; the guard refuses the others (app/i18n/back-office-routes.ts).
      intents: caseIntents.filter((intent) => rolesFor('case', 'POST', intent).includes(actor.role)),
      customerLink: rolesFor('customerView', 'GET', null).includes(actor.role),
      assignable,
      customerNumber,
      preview,
      done,
    },
    { headers: csrf.headers },
  );
}

/** Every action of the page: carried out by the casework feature, then post/redirect/get. */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitCaseForm(
    context.get(servicesContext),
    actorOf(context),
    await submittedForm(request, context),
  );
  if (outcome.ok) {
    return redirect(`${backOfficePath('case')}?id=${outcome.caseId}&done=${outcome.notice}`);
  }
  return data(outcome, { status: outcome.status });
}

export default function CasePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { case: row, source } = loaderData;
  const instant = (value: Date | string | null | undefined) =>
    value ? formatNumericInstant(new Date(value), locale) : '–';
  const refusal = actionData && !actionData.ok ? actionData : null;
  const refusalText = refusal
    ? t(`backoffice.case.refusal.${refusal.refusal}` as MessageKey, {
        max:
          refusal.field === 'text'
            ? business.backOffice.noteMaxLength
            : refusal.field === 'transferReference'
              ? business.backOffice.transferReferenceMaxLength
              : business.backOffice.reasonMaxLength,
      })
    : null;
  // A message that belongs to a field stands next to it; any other one stands above the actions.
  const fieldError = (field: NonNullable<typeof refusal>['field']) => (refusal?.field === field ? refusalText : null);
  const open = row.state !== 'done';
  const can = (intent: (typeof loaderData.intents)[number]) => loaderData.intents.includes(intent);
  // A withdrawal's case is of the kind `cancellation`, but is called what it is.
  const kind =
    loaderData.declarationNoun === 'withdrawal'
      ? t('backoffice.case.declaration-kind.withdrawal')
      : t(`backoffice.case.kind.${row.kind}`);

  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="csrf" value={loaderData.csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="version" value={row.version} />
    </>
  );

  return (
    <>
      <p>
        <AppLink to={backOfficePath('cases')}>{t('backoffice.case.back')}</AppLink>
      </p>
      <div className="page-title">
        <h1>{t('backoffice.case.title', { kind, date: instant(row.occurredAt) })}</h1>
      </div>
      {loaderData.done ? (
        <p className="notice" role="status">
          {t(`backoffice.case.notice.${loaderData.done}`)}
        </p>
      ) : null}
      {refusal && !refusal.field ? (
        <p className="notice notice--error" role="alert" id="case-error">
          {refusalText}
        </p>
      ) : null}

      <section aria-labelledby="case-handling">
        <h2 id="case-handling">{t('backoffice.case.handling')}</h2>
        <dl className="back-office-details">
          <Detail term={t('backoffice.cases.state')}>
            <span data-testid="case-state">{t(`backoffice.case.state.${row.state}`)}</span>
          </Detail>
          <Detail term={t('backoffice.cases.assignee')}>{row.assignee ?? t('backoffice.cases.nobody')}</Detail>
          <Detail term={t('backoffice.case.version')}>{row.version}</Detail>
          {row.outcome ? (
            <Detail term={t('backoffice.case.outcome')}>
              <span data-testid="case-outcome">
                {loaderData.outcomeReason
                  ? t('backoffice.case.outcome.closed-with', {
                      reason: t(`backoffice.case.close-reason.${loaderData.outcomeReason}`),
                    })
                  : outcomeKeys.includes(row.outcome)
                    ? t(`backoffice.case.outcome.${row.outcome}` as MessageKey)
                    : row.outcome}
                {row.outcomeText ? `: ${row.outcomeText}` : ''}
              </span>
            </Detail>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="case-source">
        <h2 id="case-source">{t('backoffice.case.source')}</h2>
        {source ? <SourceDetails source={source} instant={instant} /> : <p>{t('backoffice.case.source-gone')}</p>}
      </section>

      {open ? (
        <section aria-labelledby="case-actions">
          <h2 id="case-actions">{t('backoffice.case.actions')}</h2>
          {can('take') &&
          row.state === 'new' &&
          (row.assigneeStaffId === null || row.assigneeStaffId === loaderData.self) ? (
            <Form method="post" reloadDocument className="form">
              {hidden('take')}
              <button type="submit" className="button">
                {t('backoffice.case.take')}
              </button>
            </Form>
          ) : null}
          {can('transition') && row.state === 'new' ? (
            <Form method="post" reloadDocument className="form">
              {hidden('transition')}
              <input type="hidden" name="to" value="in_progress" />
              <button type="submit" className="button button--secondary">
                {t('backoffice.case.move')}
              </button>
            </Form>
          ) : null}
          {can('assign') ? (
            <Form method="post" reloadDocument className="form">
              {hidden('assign')}
              <div className="field">
                <label className="field__label" htmlFor="case-assignee">
                  {t('backoffice.case.assign')}
                </label>
                <select
                  className="field__input"
                  id="case-assignee"
                  name="assignee"
                  defaultValue={row.assigneeStaffId ?? 'none'}
                  aria-invalid={fieldError('assignee') ? true : undefined}
                  aria-describedby={fieldError('assignee') ? 'case-assignee-error' : undefined}
                >
                  <option value="none">{t('backoffice.case.assign.nobody')}</option>
                  {loaderData.assignable.map((staff) => (
                    <option key={staff.id} value={staff.id}>
                      {staff.displayName}
                    </option>
                  ))}
                </select>
                <FieldError id="case-assignee-error" text={fieldError('assignee')} />
              </div>
              <button type="submit" className="button button--secondary">
                {t('backoffice.case.assign')}
              </button>
            </Form>
          ) : null}

          {can('match') && source?.kind === 'cancellation' && !source.matched ? (
            <MatchForms
              csrfHidden={hidden('match')}
              caseId={row.id}
              customerNumber={loaderData.customerNumber}
              preview={loaderData.preview}
              received={instant(source.declaration.receivedAt)}
              confirmationEmail={source.declaration.confirmationEmail}
              error={fieldError('customerId')}
            />
          ) : null}
          {can('complete') && (source?.kind === 'bike_report' || source?.kind === 'vehicle_report') ? (
            <Form method="post" reloadDocument className="form">
              {hidden('complete')}
              <p>
                {source.report.contactEmail
                  ? t('backoffice.case.complete.mail', { email: source.report.contactEmail })
                  : t('backoffice.case.complete.no-mail')}
              </p>
              <button type="submit" className="button">
                {t('backoffice.case.complete')}
              </button>
            </Form>
          ) : null}
          {can('carry-out') && source?.kind === 'deletion_request' && !source.customer.deletedAt ? (
            <>
              <Form method="post" reloadDocument className="form">
                {hidden('carry-out')}
                <button type="submit" className="button">
                  {t('backoffice.case.carry-out')}
                </button>
              </Form>
              <Form method="post" reloadDocument className="form">
                {hidden('refuse')}
                <div className="field">
                  <label className="field__label" htmlFor="case-reason">
                    {t('backoffice.case.refuse.reason')}
                  </label>
                  <textarea
                    className="field__input"
                    id="case-reason"
                    name="reason"
                    rows={3}
                    maxLength={business.backOffice.reasonMaxLength}
                    defaultValue={refusal?.values.reason ?? ''}
                    aria-invalid={fieldError('reason') ? true : undefined}
                    aria-describedby={fieldError('reason') ? 'case-reason-error' : undefined}
                  />
                  <FieldError id="case-reason-error" text={fieldError('reason')} />
                </div>
                <button type="submit" className="button button--secondary">
                  {t('backoffice.case.refuse')}
                </button>
              </Form>
            </>
          ) : null}
          {can('retry') &&
          (source?.kind === 'failed_mail' || (source?.kind === 'failed_sms' && source.sms.retryable)) ? (
            <Form method="post" reloadDocument className="form">
              {hidden('retry')}
              <button type="submit" className="button">
                {t('backoffice.case.retry')}
              </button>
            </Form>
          ) : null}
          {source?.kind === 'payout' && source.payout.state === 'due' && can('record-payout') ? (
            <RecordPayoutForm
              hiddenFields={hidden('record-payout')}
              amount={formatEuro(source.payout.amountCents, locale)}
              customerMailed={!source.customer.deleted}
              value={refusal?.values.transferReference ?? ''}
              error={fieldError('transferReference')}
            />
          ) : null}
          {!can('close') ? null : source?.kind === 'cancellation' && !source.matched ? (
            <CloseDeclarationForm
              hiddenFields={hidden('close')}
              reasons={loaderData.closeReasons}
              confirmationEmail={source.declaration.confirmationEmail}
              language={t(`backoffice.case.language.${source.declaration.locale}`)}
              values={refusal?.values ?? {}}
              reasonError={fieldError('closeReason')}
              textError={fieldError('closeText')}
            />
          ) : loaderData.closableByHand ? (
            <Form method="post" reloadDocument className="form">
              {hidden('close')}
              {source?.kind === 'cancellation' ? <p>{t('backoffice.case.close.matched')}</p> : null}
              <button type="submit" className="button button--secondary">
                {t('backoffice.case.close')}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="case-notes">
        <h2 id="case-notes">{t('backoffice.case.notes')}</h2>
        {loaderData.notes.length ? (
          <ul className="back-office-notes">
            {loaderData.notes.map((note) => (
              <li key={note.id}>
                <p className="back-office-notes__meta">
                  {t('backoffice.case.note.by', { name: note.author, date: instant(note.createdAt) })}
                </p>
                <p>{note.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('backoffice.case.no-notes')}</p>
        )}
        {can('note') ? (
          <Form method="post" reloadDocument className="form">
            {hidden('note')}
            <div className="field">
              <label className="field__label" htmlFor="case-note">
                {t('backoffice.case.note')}
              </label>
              <textarea
                className="field__input"
                id="case-note"
                name="text"
                rows={3}
                maxLength={business.backOffice.noteMaxLength}
                defaultValue={refusal?.values.text ?? ''}
                aria-invalid={fieldError('text') ? true : undefined}
                aria-describedby={fieldError('text') ? 'case-note-error' : undefined}
              />
              <FieldError id="case-note-error" text={fieldError('text')} />
            </div>
            <button type="submit" className="button button--secondary">
              {t('backoffice.case.note.add')}
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );

  function SourceDetails({
    source: matter,
    instant: at,
  }: {
    source: NonNullable<typeof source>;
    instant: (value: Date | string | null | undefined) => string;
  }) {
    const day = (value: string | null) => (value ? formatDate(value, locale) : '–');
    switch (matter.kind) {
      case 'cancellation': {
        const declaration = matter.declaration;
        return (
          <dl className="back-office-details">
            <Detail term={t('backoffice.case.reference')}>{declaration.reference}</Detail>
            <Detail term={t('backoffice.case.declaration-kind')}>
              <span data-testid="case-declaration-kind">
                {t(`backoffice.case.declaration-kind.${declaration.kind}`)}
              </span>
            </Detail>
            <Detail term={t('backoffice.case.received')}>{at(declaration.receivedAt)}</Detail>
            <Detail term={t('backoffice.case.declarant')}>{declaration.name}</Detail>
            <Detail term={t('backoffice.case.identifier')}>{declaration.identifier}</Detail>
            <Detail term={t('backoffice.case.contract-label')}>{declaration.contractLabel}</Detail>
            <Detail term={t('backoffice.case.confirmation-email')}>{declaration.confirmationEmail}</Detail>
            <Detail term={t('backoffice.case.language')}>{t(`backoffice.case.language.${declaration.locale}`)}</Detail>
            <Detail term={t('backoffice.case.requested-end')}>
              {declaration.requestedEndDate ? day(declaration.requestedEndDate) : t('backoffice.case.earliest')}
            </Detail>
            {declaration.reason ? <Detail term={t('backoffice.case.reason')}>{declaration.reason}</Detail> : null}
            <Detail term={t('backoffice.case.matched')}>
              <span data-testid="case-matched">
                {t(matter.matched ? 'backoffice.case.matched.yes' : 'backoffice.case.matched.no')}
              </span>
            </Detail>
            {declaration.effectiveEndDate ? (
              <Detail term={t('backoffice.case.effective-end')}>
                <span data-testid="case-effective-end">{day(declaration.effectiveEndDate)}</span>
              </Detail>
            ) : null}
            {declaration.withdrawnAt ? (
              <Detail term={t('backoffice.case.withdrawn', { date: at(declaration.withdrawnAt) })}>–</Detail>
            ) : null}
          </dl>
        );
      }
      case 'bike_report':
      case 'vehicle_report': {
        const report = matter.report;
        return (
          <dl className="back-office-details">
            <Detail term={t('backoffice.case.reference')}>{report.reference}</Detail>
            <Detail term={t('backoffice.case.received')}>{at(report.createdAt)}</Detail>
            {matter.kind === 'bike_report' ? (
              <>
                <Detail term={t('backoffice.case.report-kind')}>{t(`bike-report.kind.${matter.report.kind}`)}</Detail>
                <Detail term={t('backoffice.case.bike-number')}>{matter.report.bikeNumber}</Detail>
              </>
            ) : (
              <>
                <Detail term={t('backoffice.case.licence-plate')}>{matter.report.licencePlate}</Detail>
                <Detail term={t('backoffice.case.damage')}>
                  {t(`damage-report.kind.${matter.report.damageKind}`)},{' '}
                  {t(`damage-report.position-on-vehicle.${matter.report.damagePosition}`)}
                </Detail>
                <Detail term={t('backoffice.case.photos')}>{matter.photoCount}</Detail>
              </>
            )}
            <Detail term={t('backoffice.case.location')}>
              {report.locationText ?? `${report.locationLat.toFixed(5)}, ${report.locationLon.toFixed(5)}`}
            </Detail>
            <Detail term={t('backoffice.case.seen')}>{at(report.seenAt)}</Detail>
            {report.description ? <Detail term={t('backoffice.case.description')}>{report.description}</Detail> : null}
            <Detail term={t('backoffice.case.contact')}>
              {[report.contactEmail, report.contactPhone].filter(Boolean).join(', ') || t('backoffice.case.no-contact')}
            </Detail>
          </dl>
        );
      }
      case 'deletion_request': {
        const { customer, contract } = matter;
        return (
          <>
            <dl className="back-office-details">
              <Detail term={t('backoffice.case.customer')}>
                {customer.firstName} {customer.lastName} ({customer.email})
              </Detail>
              <Detail term={t('backoffice.case.customer-number')}>{customer.customerNumber}</Detail>
              <Detail term={t('backoffice.case.received')}>{at(customer.deletionRequestedAt)}</Detail>
              <Detail term={t('backoffice.case.balance')}>{formatEuro(matter.balanceCents, locale)}</Detail>
              <Detail term={t('backoffice.case.contract')}>
                {contract
                  ? t('backoffice.case.contract.state', {
                      state: t(`contract.state.${contract.state}`),
                      endDate: day(contract.endDate),
                    })
                  : t('backoffice.case.contract.none')}
              </Detail>
              {customer.deletedAt ? (
                <Detail term={t('backoffice.case.deleted-at', { date: at(customer.deletedAt) })}>–</Detail>
              ) : null}
            </dl>
            {customer.deletedAt ? null : (
              <>
                <h3>{t('backoffice.case.blockers')}</h3>
                {matter.blockers.length ? (
                  <ul>
                    {matter.blockers.map((blocker) => (
                      <li key={blocker.reason}>{t(`backoffice.case.blocker.${blocker.reason}`)}</li>
                    ))}
                  </ul>
                ) : (
                  <p>{t('backoffice.case.no-blockers')}</p>
                )}
              </>
            )}
          </>
        );
      }
      case 'failed_mail':
        return (
          <dl className="back-office-details">
            <Detail term={t('backoffice.case.recipient')}>{matter.mail.recipient}</Detail>
            <Detail term={t('backoffice.case.subject')}>{matter.mail.subject}</Detail>
            <Detail term={t('backoffice.case.failed')}>{at(matter.mail.failedAt)}</Detail>
            <Detail term={t('backoffice.case.attempts')}>{matter.mail.attempts}</Detail>
            <Detail term={t('backoffice.case.error')}>{matter.mail.lastError ?? '–'}</Detail>
          </dl>
        );
      case 'failed_sms':
        return (
          <>
            <dl className="back-office-details">
              <Detail term={t('backoffice.case.recipient')}>{matter.sms.recipient}</Detail>
              <Detail term={t('backoffice.case.failed')}>{at(matter.sms.failedAt)}</Detail>
              <Detail term={t('backoffice.case.attempts')}>{matter.sms.attempts}</Detail>
              <Detail term={t('backoffice.case.error')}>{matter.sms.lastError ?? '–'}</Detail>
            </dl>
            {matter.sms.retryable ? null : <p>{t('backoffice.case.sms-text-gone')}</p>}
          </>
        );
      case 'trip': {
        const { trip } = matter;
        return (
          <>
            <p>{t(trip.booked ? 'backoffice.case.trip.booked' : 'backoffice.case.trip.explanation')}</p>
            <dl className="back-office-details">
              <Detail term={t('backoffice.case.customer-number')}>
                <span data-testid="case-trip-customer-number">{trip.customerNumber}</span>
              </Detail>
              <Detail term={t('backoffice.case.received')}>{at(trip.receivedAt)}</Detail>
              <Detail term={t('backoffice.case.trip.start')}>{at(trip.startTime)}</Detail>
              <Detail term={t('backoffice.case.trip.end')}>{at(trip.endTime)}</Detail>
              <Detail term={t('backoffice.case.trip.vehicle')}>
                {trip.vehicleType === 'car'
                  ? t('backoffice.case.trip.vehicle.car', {
                      device: trip.deviceId,
                      vehicleClass: trip.vehicleClass ?? '–',
                    })
                  : t('backoffice.case.trip.vehicle.bicycle', { device: trip.deviceId })}
              </Detail>
              {trip.distanceMeters === null ? null : (
                <Detail term={t('backoffice.case.trip.distance')}>
                  {(trip.distanceMeters / 1000).toLocaleString(locale, { maximumFractionDigits: 1 })} km
                </Detail>
              )}
              <Detail term={t('backoffice.case.trip.id')}>{trip.tripId}</Detail>
            </dl>
          </>
        );
      }
      case 'payout': {
        const { payout, customer } = matter;
        return (
          <dl className="back-office-details">
            <Detail term={t('backoffice.case.customer-number')}>
              {loaderData.customerLink ? (
                <AppLink to={`${backOfficePath('customerView')}?customer=${customer.id}`}>
                  {customer.customerNumber}
                </AppLink>
              ) : (
                customer.customerNumber
              )}
              {customer.deleted ? ` ${t('backoffice.case.payout.customer-deleted')}` : null}
            </Detail>
            {customer.name ? <Detail term={t('backoffice.case.customer')}>{customer.name}</Detail> : null}
            <Detail term={t('backoffice.case.payout.amount')}>
              <span data-testid="payout-amount">{formatEuro(payout.amountCents, locale)}</span>
            </Detail>
            <Detail term={t('backoffice.case.payout.method')}>
              {payout.methodLabel ?? t('backoffice.case.payout.no-method')}
            </Detail>
            <Detail term={t('backoffice.case.payout.reference')}>{payout.reference}</Detail>
            <Detail term={t('backoffice.case.payout.booked')}>{at(payout.createdAt)}</Detail>
            <Detail term={t('backoffice.case.payout.due-by')}>
              {day(payout.dueBy)}
              {matter.overdue ? (
                <>
                  {' – '}
                  <strong data-testid="payout-overdue">{t('backoffice.case.payout.overdue')}</strong>
                </>
              ) : null}
            </Detail>
            <Detail term={t('backoffice.case.payout.state')}>
              <span data-testid="payout-state">
                {payout.state === 'paid'
                  ? t('backoffice.case.payout.state.paid', { date: at(payout.paidAt) })
                  : t('backoffice.case.payout.state.due')}
              </span>
            </Detail>
          </dl>
        );
      }
    }
  }
}

/** The outcomes the casework feature writes (`closeCase`). */
const outcomeKeys = ['matched', 'completed', 'deleted', 'refused', 'retried', 'closed', 'paid'];

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p className="field__error" id={id} role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * Recording a due payout as paid out, once finance staff have paid it by hand: the transfer's reference
 * is required and stays with the case (docs/rules/back-office.md#case-queues). Its message stands next
 * to the field and is announced; what was typed is kept.
 */
function RecordPayoutForm({
  hiddenFields,
  amount,
  customerMailed,
  value,
  error,
}: {
  hiddenFields: ReactNode;
  amount: string;
  customerMailed: boolean;
  value: string;
  error: string | null;
}) {
  const t = useT();
  const max = business.backOffice.transferReferenceMaxLength;
  return (
    <Form method="post" reloadDocument className="form">
      {hiddenFields}
      <h3>{t('backoffice.case.record-payout')}</h3>
      <p>
        {t(customerMailed ? 'backoffice.case.record-payout.intro' : 'backoffice.case.record-payout.intro.no-mail', {
          amount,
        })}
      </p>
      <div className="field">
        <label className="field__label" htmlFor="case-transfer-reference">
          {t('backoffice.case.record-payout.reference')}
        </label>
        <p className="field__hint" id="case-transfer-reference-hint">
          {t('backoffice.case.record-payout.reference.hint', { max })}
        </p>
        <input
          className="field__input"
          id="case-transfer-reference"
          name="transferReference"
          type="text"
          autoComplete="off"
          maxLength={max}
          defaultValue={value}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'case-transfer-reference-hint case-transfer-reference-error' : 'case-transfer-reference-hint'
          }
        />
        <FieldError id="case-transfer-reference-error" text={error} />
      </div>
      <button type="submit" className="button">
        {t('backoffice.case.record-payout')}
      </button>
    </Form>
  );
}

/**
 * Closing a declaration that matched no account without applying it: a reason from the list and, for
 * the reasons that need them, staff's own words; both go to the declarant
 * (docs/rules/back-office.md#case-queues). Messages stand next to their field and are announced.
 */
function CloseDeclarationForm({
  hiddenFields,
  reasons,
  confirmationEmail,
  language,
  values,
  reasonError,
  textError,
}: {
  hiddenFields: ReactNode;
  reasons: readonly { code: string; needsText: boolean }[];
  confirmationEmail: string;
  language: string;
  values: { closeReason?: string; closeText?: string };
  reasonError: string | null;
  textError: string | null;
}) {
  const t = useT();
  const quoted = useLocale() === 'de' ? (text: string) => `„${text}“` : (text: string) => `“${text}”`;
  const label = (code: string) => t(`backoffice.case.close-reason.${code}` as MessageKey);
  const needingText = reasons
    .filter((reason) => reason.needsText)
    .map((reason) => quoted(label(reason.code)))
    .join(', ');
  return (
    <Form method="post" reloadDocument className="form">
      {hiddenFields}
      <h3>{t('backoffice.case.close.declaration')}</h3>
      <p>{t('backoffice.case.close.declaration.intro', { email: confirmationEmail, language })}</p>
      <div className="field">
        <label className="field__label" htmlFor="case-close-reason">
          {t('backoffice.case.close.reason')}
        </label>
        <select
          className="field__input"
          id="case-close-reason"
          name="closeReason"
          defaultValue={values.closeReason ?? ''}
          aria-required="true"
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? 'case-close-reason-error' : undefined}
        >
          <option value="">{t('backoffice.case.close.reason.choose')}</option>
          {reasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {label(reason.code)}
            </option>
          ))}
        </select>
        <FieldError id="case-close-reason-error" text={reasonError} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor="case-close-text">
          {t('backoffice.case.close.text')}
        </label>
        <p className="field__hint" id="case-close-text-hint">
          {t('backoffice.case.close.text.hint', {
            reasons: needingText,
            max: business.backOffice.reasonMaxLength,
          })}
        </p>
        <textarea
          className="field__input"
          id="case-close-text"
          name="closeText"
          rows={3}
          maxLength={business.backOffice.reasonMaxLength}
          defaultValue={values.closeText ?? ''}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? 'case-close-text-hint case-close-text-error' : 'case-close-text-hint'}
        />
        <FieldError id="case-close-text-error" text={textError} />
      </div>
      <button type="submit" className="button button--secondary">
        {t('backoffice.case.close.answer')}
      </button>
    </Form>
  );
}

/** Matching an unmatched declaration: find the customer by number (a preview), then confirm. */
function MatchForms({
  csrfHidden,
  caseId,
  customerNumber,
  preview,
  received,
  confirmationEmail,
  error,
}: {
  csrfHidden: ReactNode;
  caseId: string;
  customerNumber: string;
  preview: Route.ComponentProps['loaderData']['preview'];
  received: string;
  confirmationEmail: string;
  error: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const previewError = preview && !preview.ok ? t(`backoffice.case.refusal.${preview.error}` as MessageKey) : null;
  const shownError = error ?? previewError;
  return (
    <div className="back-office-match">
      <h3>{t('backoffice.case.match')}</h3>
      <Form method="get" className="form">
        <input type="hidden" name="id" value={caseId} />
        <div className="field">
          <label className="field__label" htmlFor="case-customer-number">
            {t('backoffice.case.match.customer-number')}
          </label>
          <input
            className="field__input"
            id="case-customer-number"
            name="customerNumber"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            required
            defaultValue={customerNumber}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? 'case-customer-number-error' : undefined}
          />
          <FieldError id="case-customer-number-error" text={shownError} />
        </div>
        <button type="submit" className="button button--secondary">
          {t('backoffice.case.match.find')}
        </button>
      </Form>
      {preview?.ok ? (
        <Form method="post" reloadDocument className="form">
          {csrfHidden}
          <input type="hidden" name="customerId" value={preview.customer.id} />
          <p data-testid="match-preview">
            {t('backoffice.case.match.preview', {
              name: preview.customer.name,
              customerNumber: preview.customer.customerNumber,
              email: preview.customer.email,
              received,
              endDate: preview.effectiveEndDate ? formatDate(preview.effectiveEndDate, locale) : '–',
              confirmationEmail,
            })}
          </p>
          {preview.adjusted ? <p>{t('backoffice.case.match.preview-adjusted')}</p> : null}
          <button type="submit" className="button">
            {t('backoffice.case.match.confirm')}
          </button>
        </Form>
      ) : null}
    </div>
  );
}
