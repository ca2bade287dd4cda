import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/payment';
import { creditorId } from '~/config/payment';
import { activePaymentMethod, previousPaymentMethods } from '~/features/payment/payment-methods.server';
import { customerScope } from '~/features/self-service/customer-scope.server';
import { usePage, useT } from '~/i18n/hooks';
import type { Locale } from '~/i18n/locales';
import { pageForView } from '~/i18n/route-table';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import { namedPageMeta, privatePageHeaders } from '~/ui/page-meta';
import { dateTimeFormat, intlLocale } from '~/i18n/intl-formats';

export const headers = privatePageHeaders;
export const meta = namedPageMeta;

/** Dates as customers read them, in Europe/Berlin; formatted here so server and browser show the same. */
function formatDay(instant: Date, locale: Locale): string {
  return dateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(instant);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const { customerId, ctx, locale } = customerScope(url, context);
  const [active, previous] = await Promise.all([
    activePaymentMethod(ctx.db, customerId),
    previousPaymentMethods(ctx.db, customerId),
  ]);
  const view = (method: NonNullable<typeof active>) => ({
    id: method.id,
    kind: method.kind,
    display: method.display,
    accountHolder: method.accountHolder,
    mandateReference: method.mandateReference,
    mandateDate: method.mandateAcceptedAt ? formatDay(method.mandateAcceptedAt, locale) : null,
    since: formatDay(method.since, locale),
    until: method.until ? formatDay(method.until, locale) : null,
  });
  return data({
    active: active ? view(active) : null,
    previous: previous.map(view),
    creditorId: creditorId(ctx.config.env),
    changed: url.searchParams.has('changed'),
  });
}

/**
 * The payment method (docs/rules/credit-and-payment.md#payment-kinds): the active one — for SEPA only the
 * IBAN's country and last four digits — the mandate's details, and the methods it replaced. Also the
 * embedded variant for the native apps (`paymentEmbedded`), whose links stay embedded.
 */
export default function Payment() {
  const t = useT();
  const page = usePage();
  const embedded = page?.embedded ?? false;
  const { active, previous, creditorId: creditor, changed } = useLoaderData<typeof loader>();
  return (
    <div className="payment">
      <PageTitle page={page?.id ?? 'payment'} />
      {changed ? (
        <p className="notice" role="status">
          {t('payment.changed')}
        </p>
      ) : null}
      <section className="credit__card" aria-labelledby="payment-active">
        <h2 id="payment-active">{t('payment.active.title')}</h2>
        {active ? (
          <dl className="details">
            <dt>{t('payment.detail.kind')}</dt>
            <dd>{t(`payment.kind.${active.kind}`)}</dd>
            <dt>{t('payment.detail.account')}</dt>
            <dd>{active.display}</dd>
            {active.kind === 'sepa' ? (
              <>
                <dt>{t('payment.detail.account-holder')}</dt>
                <dd>{active.accountHolder}</dd>
                <dt>{t('payment.detail.mandate-reference')}</dt>
                <dd>{active.mandateReference}</dd>
                <dt>{t('payment.detail.creditor-id')}</dt>
                <dd>{creditor}</dd>
                <dt>{t('payment.detail.mandate-date')}</dt>
                <dd>{active.mandateDate}</dd>
              </>
            ) : (
              <>
                <dt>{t('payment.detail.since')}</dt>
                <dd>{active.since}</dd>
              </>
            )}
          </dl>
        ) : (
          <p>{t('payment.none')}</p>
        )}
        <PageLink page={pageForView('paymentUpdate', embedded)} className="button">
          {t(active ? 'payment.change' : 'payment.add')}
        </PageLink>
      </section>
      {previous.length > 0 ? (
        <section aria-labelledby="payment-history">
          <h2 id="payment-history">{t('payment.history.title')}</h2>
          <ul className="payment-history">
            {previous.map((method) => (
              <li key={method.id}>
                {t(`payment.kind.${method.kind}`)}: {method.display}
                {method.mandateReference ? ` (${method.mandateReference})` : ''} –{' '}
                {t('payment.history.period', { from: method.since, to: method.until ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
