import type { FieldMetadata } from '@conform-to/react';
import { useActionData, useLoaderData, useLocation, useNavigation } from 'react-router';
import { useLocale, useT } from '~/i18n/hooks';
import { formatEuro, formatSignedEuro } from '~/i18n/intl-formats';
import { AppLink } from '~/ui/components/app-link';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { AppForm } from '~/ui/form/app-form';
import { useFormWithValidationOnDemand } from '~/ui/form/client-validation';
import { translateMessage } from '~/ui/form/field-shell';
import { useFieldState } from '~/ui/form/field-state';
import { useLiveFormValue } from '~/ui/form/live-value';
import { MaskedField } from '~/ui/form/inputs';
import type { creditPageAction, creditPageLoader } from '../credit-page.server';
import { voucherCodeMask } from '../voucher-code';

/** Where the ledger's page links jump to, so that paging keeps the table in view. */
const ledgerAnchor = 'buchungen';

/**
 * The credit page (docs/rules/credit-and-payment.md#credit-page): the balance as the sum of the ledger, a
 * voucher form, top-ups charged to the stored payment method, and the ledger newest first with pages and a
 * CSV download. Every form works without JavaScript.
 */
export function CreditPage() {
  const t = useT();
  const locale = useLocale();
  const loaderData = useLoaderData<typeof creditPageLoader>();
  const { balanceCents: balance, redeemed, toppedUp } = loaderData;
  return (
    <div className="credit">
      <PageTitle page="credit" />
      <section className="credit__balance" aria-labelledby="credit-balance">
        <h2 id="credit-balance">{t('credit.balance.label')}</h2>
        <p className={`credit__amount${balance < 0 ? ' credit__amount--negative' : ''}`}>
          {formatEuro(balance, locale)}
        </p>
        {balance < 0 ? <p>{t('credit.balance.negative')}</p> : null}
      </section>

      {redeemed || toppedUp ? (
        <p className={toppedUp?.status === 'failed' ? 'notice notice--error' : 'notice'} role="status">
          {redeemed
            ? t('credit.voucher.redeemed', { code: redeemed.code, amount: formatEuro(redeemed.amountCents, locale) })
            : t(toppedUp?.status === 'failed' ? 'credit.top-up.failed' : 'credit.top-up.done', {
                amount: formatEuro(toppedUp?.amountCents ?? 0, locale),
              })}
        </p>
      ) : null}

      <div className="credit__forms">
        <VoucherForm />
        <TopUpForm />
      </div>

      <Ledger />
    </div>
  );
}

function VoucherForm() {
  const t = useT();
  const { csrf } = useLoaderData<typeof creditPageLoader>();
  const actionData = useActionData<typeof creditPageAction>();
  const busy = useNavigation().formData?.get('intent') === 'voucher';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../credit-schema').then((module) => module.voucherSchema),
    { id: 'voucher', lastResult: actionData?.intent === 'voucher' ? actionData.result : undefined },
  );
  return (
    <section className="credit__card" aria-labelledby="voucher-title">
      <h2 id="voucher-title">{t('credit.voucher.title')}</h2>
      <AppForm form={form} csrfToken={csrf} validation={validation}>
        <input type="hidden" name="intent" value="voucher" />
        <MaskedField
          field={fields.code}
          label={t('credit.voucher.code')}
          hint={t('credit.voucher.hint')}
          mask={voucherCodeMask}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          {t('credit.voucher.submit')}
        </button>
      </AppForm>
    </section>
  );
}

function TopUpForm() {
  const t = useT();
  const { csrf, paymentMethod, topUpAmounts, idempotencyKey } = useLoaderData<typeof creditPageLoader>();
  const actionData = useActionData<typeof creditPageAction>();
  const busy = useNavigation().formData?.get('intent') === 'top-up';
  const { form, fields, validation } = useFormWithValidationOnDemand(
    () => import('../credit-schema').then((module) => module.topUpSchema),
    {
      id: 'top-up',
      lastResult: actionData?.intent === 'top-up' ? actionData.result : undefined,
      defaultValue: { amount: String(topUpAmounts[1] ?? topUpAmounts[0]) },
    },
  );
  return (
    <section className="credit__card" aria-labelledby="top-up-title">
      <h2 id="top-up-title">{t('credit.top-up.title')}</h2>
      {paymentMethod ? (
        <AppForm form={form} csrfToken={csrf} validation={validation}>
          <input type="hidden" name="intent" value="top-up" />
          <input
            type="hidden"
            name="idempotencyKey"
            value={(actionData?.intent === 'top-up' && actionData.retryKey) || idempotencyKey}
          />
          <AmountChoice field={fields.amount} amounts={topUpAmounts} />
          {/* The summary right before the button, which says that the top-up costs money
              (docs/rules/credit-and-payment.md#top-ups). */}
          <TopUpSummary formId={form.id} fieldName={fields.amount.name} method={paymentMethod} />
          <button type="submit" className="button" disabled={busy} aria-describedby={topUpSummaryId}>
            {t('credit.top-up.submit')}
          </button>
        </AppForm>
      ) : (
        <>
          {/* Refused on the server too: without a payment method nothing can be charged. */}
          <p>{t('credit.top-up.no-method')}</p>
          <PageLink page="paymentUpdate" className="button button--secondary">
            {t('credit.top-up.add-method')}
          </PageLink>
        </>
      )}
    </section>
  );
}

const topUpSummaryId = 'top-up-summary';

/**
 * What the top-up orders: the amount, that it is paid once, and the payment method it is charged to. The amount is
 * read from the choice as the browser has it now; without JavaScript (and until the form hydrates) the page cannot
 * know it, so the summary names "the amount chosen above" rather than one that may no longer be the chosen one
 * (docs/decisions/0059-paid-orders-summary-before-the-button.md).
 */
function TopUpSummary({
  formId,
  fieldName,
  method,
}: {
  formId: string;
  fieldName: string;
  method: { kind: 'sepa' | 'card' | 'paypal'; display: string };
}) {
  const t = useT();
  const locale = useLocale();
  const chosen = useLiveFormValue(formId, fieldName);
  const cents = chosen ? Number(chosen) : NaN;
  const rows = [
    {
      label: t('credit.top-up.summary.amount'),
      value: Number.isInteger(cents) ? formatEuro(cents, locale) : t('credit.top-up.summary.amount-chosen'),
    },
    { label: t('credit.top-up.summary.kind'), value: t('credit.top-up.summary.one-off') },
    {
      label: t('credit.top-up.summary.method'),
      value: t('credit.top-up.summary.method-value', {
        kind: t(`payment.kind.${method.kind}`),
        method: method.display,
      }),
    },
  ];
  return (
    <section className="order-summary" aria-labelledby={`${topUpSummaryId}-title`}>
      <h3 id={`${topUpSummaryId}-title`}>{t('credit.top-up.summary.title')}</h3>
      <dl className="summary-list" id={topUpSummaryId}>
        {rows.map((row) => (
          <div key={row.label} className="summary-list__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The top-up amounts as a radio group: a fieldset whose legend names the choice. */
function AmountChoice({ field, amounts }: { field: FieldMetadata<number>; amounts: readonly number[] }) {
  const t = useT();
  const locale = useLocale();
  const state = useFieldState({
    errors: field.errors,
    dirty: field.dirty,
    value: typeof field.value === 'string' ? field.value : '',
    kind: 'checkbox',
  });
  const message = state.showError ? field.errors?.[0] : undefined;
  return (
    <fieldset className="field amount-choice" aria-describedby={field.errorId} {...state.attributes}>
      <legend className="field__label">
        {t('credit.top-up.amount-legend')}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="amount-choice__options">
        {amounts.map((cents) => (
          <label key={cents} className="amount-choice__option">
            <input
              type="radio"
              name={field.name}
              value={String(cents)}
              defaultChecked={field.initialValue === String(cents)}
              required
              onBlur={state.onBlur}
            />
            <span>{formatEuro(cents, locale)}</span>
          </label>
        ))}
      </div>
      <p className="field__error" id={field.errorId} aria-live="polite">
        {message ? translateMessage(t, message) : null}
      </p>
    </fieldset>
  );
}

function Ledger() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const { entries, page, pageCount } = useLoaderData<typeof creditPageLoader>();
  const pageHref = (target: number) => `${pathname}?page=${target}#${ledgerAnchor}`;
  return (
    <section className="credit__ledger" id={ledgerAnchor} aria-labelledby="ledger-title">
      <h2 id="ledger-title">{t('credit.ledger.title')}</h2>
      {entries.length === 0 ? (
        <p>{t('credit.ledger.empty')}</p>
      ) : (
        <ResponsiveTable
          caption={
            <>
              {t('credit.ledger.caption')}
              {pageCount > 1 ? ` – ${t('credit.ledger.page-of', { page, count: pageCount })}` : ''}
            </>
          }
          className="price-table ledger-table"
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            { header: t('credit.ledger.date'), cell: (entry) => entry.date },
            { header: t('credit.ledger.kind'), cell: (entry) => t(`credit.kind.${entry.kind}`) },
            { header: t('credit.ledger.reference'), cell: (entry) => entry.reference ?? '–' },
            {
              header: t('credit.ledger.amount'),
              amount: true,
              cell: (entry) => (
                <span className={entry.amountCents < 0 ? 'ledger-table__amount--negative' : undefined}>
                  {formatSignedEuro(entry.amountCents, locale)}
                </span>
              ),
            },
          ]}
        />
      )}
      {pageCount > 1 ? (
        <nav className="pagination" aria-label={t('credit.ledger.pages')}>
          {page > 1 ? <AppLink to={pageHref(page - 1)}>{t('credit.ledger.newer')}</AppLink> : null}
          <span aria-current="page">{t('credit.ledger.page-of', { page, count: pageCount })}</span>
          {page < pageCount ? <AppLink to={pageHref(page + 1)}>{t('credit.ledger.older')}</AppLink> : null}
        </nav>
      ) : null}
      {entries.length > 0 ? (
        <p>
          {/* A file download, not a page: a plain link that the browser fetches itself. */}
          <a href={`/resources/credit-statement?locale=${locale}`} download>
            {t('credit.ledger.download')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
