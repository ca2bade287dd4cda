import type { ReactNode } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/customer-view';
import { pageContext, servicesContext } from '~/context';
import { parseCustomerId, parseLedgerPage, viewCustomer } from '~/features/customer-lookup/public.server';
import { auditOrigin, requireStaff } from '~/features/staff/public.server';
import { backOfficePath } from '~/i18n/back-office-routes';
import { useT } from '~/i18n/hooks';
import { formatDate, formatInstant, formatSignedEuro, formatEuro } from '~/i18n/intl-formats';
import { AppLink } from '~/ui/components/app-link';
import { ResponsiveTable } from '~/ui/components/responsive-table';
import { backOfficeMeta, backOfficeTitle } from './back-office-page';

export const meta = backOfficeMeta;

/**
 * One customer for service and finance staff (docs/rules/back-office.md#customer-lookup): read
 * through the owning features' public modules, masked where the rules say so, and recorded in the
 * audit log (`customer.view`) before it is shown. An id that is no UUID is answered with 400, an
 * unknown one with 404.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const customerId = parseCustomerId(url.searchParams.get('customer'));
  if (!customerId) throw data({ message: 'lookup.view.invalid-id' }, { status: 400 });
  const ledgerPage = parseLedgerPage(url.searchParams.get('ledger'));
  const view = await viewCustomer(
    context.get(servicesContext),
    staff.staffId,
    customerId,
    ledgerPage,
    auditOrigin(context),
  );
  if (!view) throw data({ message: 'lookup.view.not-found' }, { status: 404 });
  const { locale } = context.get(pageContext);
  const at = (instant: Date) => formatInstant(instant, locale);
  const day = (isoDate: string | null) => (isoDate ? formatDate(isoDate, locale) : null);
  const title = backOfficeTitle(context, 'backoffice.page.customerView');
  if (view.deleted) {
    return {
      title,
      id: customerId,
      number: view.customer.customerNumber,
      deleted: { at: at(view.customer.deletedAt) },
      details: null,
    };
  }
  const { customer, contract, ledger } = view;
  const tariffName = (tariff: { nameDe: string; nameEn: string }) => (locale === 'de' ? tariff.nameDe : tariff.nameEn);
  return {
    title,
    id: customerId,
    number: customer.customerNumber,
    deleted: null,
    details: {
      personal: {
        salutation: customer.salutation,
        name: `${customer.firstName} ${customer.lastName}`,
        birthDate: day(customer.birthDate),
        email: customer.email,
        emailVerified: customer.emailVerifiedAt !== null,
        phone: customer.phoneE164,
        address: customer.addressText,
        locale: customer.locale,
        newsletter: customer.newsletter,
        since: at(customer.createdAt),
        deletionRequested: customer.deletionRequestedAt ? at(customer.deletionRequestedAt) : null,
      },
      contract: contract
        ? {
            state: contract.state,
            start: day(contract.startDate),
            end: day(contract.endDate),
            tariff: tariffName(contract.tariff),
            tariffSince: day(contract.tariffSince),
            pendingChange: contract.pendingChange
              ? { tariff: tariffName(contract.pendingChange.toTariff), date: day(contract.pendingChange.effectiveDate) }
              : null,
            cancellation: contract.cancellation
              ? { reference: contract.cancellation.reference, at: at(new Date(contract.cancellation.receivedAt)) }
              : null,
          }
        : null,
      balance: formatEuro(view.balanceCents, locale),
      ledger: {
        page: ledger.page,
        pages: ledger.pageCount,
        entries: ledger.entries.map((entry) => ({
          id: entry.id,
          at: at(entry.createdAt),
          kind: entry.kind,
          amount: formatSignedEuro(entry.amountCents, locale),
          reference: entry.reference,
        })),
      },
      paymentMethods: view.paymentMethods.map((method, index) => ({
        key: index,
        kind: method.kind,
        display: method.display,
        holder: method.accountHolder,
        mandate: method.mandateReference,
        replaced: method.until ? at(method.until) : null,
      })),
      sessions: view.sessions.map((session, index) => ({
        key: index,
        device: [session.device.browser, session.device.system].filter(Boolean).join(', ') || session.device.fallback,
        since: at(session.createdAt),
        lastSeen: at(session.lastSeenAt),
      })),
      bikeReports: view.bikeReports.map((report) => ({
        reference: report.reference,
        kind: report.kind,
        object: report.bikeNumber,
        at: at(report.createdAt),
      })),
      damageReports: view.damageReports.map((report) => ({
        reference: report.reference,
        damageKind: report.damageKind,
        damagePosition: report.damagePosition,
        object: report.licencePlate,
        at: at(report.createdAt),
      })),
      declarations: view.declarations.map((declaration) => ({
        reference: declaration.reference,
        at: at(declaration.receivedAt),
        kind: declaration.kind,
        end: day(declaration.effectiveEndDate),
        withdrawn: declaration.withdrawnAt ? at(declaration.withdrawnAt) : null,
      })),
      mails: view.mails.map((mail, index) => ({
        key: index,
        subject: mail.subject,
        kind: mail.kind,
        at: at(mail.createdAt),
        state: mail.state,
      })),
    },
  };
}

function Summary({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="summary-list">
      {rows.map(([label, value]) => (
        <div key={label} className="summary-list__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function CustomerView({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { details } = loaderData;
  const back = (
    <p>
      <AppLink to={backOfficePath('customers')}>{t('lookup.view.back')}</AppLink>
    </p>
  );
  const heading = (
    <div className="page-title">
      <h1>{t('lookup.view.heading', { number: loaderData.number })}</h1>
    </div>
  );
  if (!details) {
    return (
      <>
        {heading}
        <p className="notice" role="status">
          {t('lookup.view.deleted', { date: loaderData.deleted?.at ?? '' })}
        </p>
        {back}
      </>
    );
  }
  const { personal, contract, ledger } = details;
  const empty = <p>{t('lookup.view.empty')}</p>;
  const ledgerLink = (page: number, label: string) => (
    <AppLink to={`${backOfficePath('customerView')}?customer=${loaderData.id}&ledger=${page}`}>{label}</AppLink>
  );
  return (
    <>
      {heading}
      {back}
      <section aria-labelledby="customer-personal">
        <h2 id="customer-personal">{t('lookup.view.personal')}</h2>
        <Summary
          rows={[
            [t('lookup.view.salutation'), t(`salutation.${personal.salutation}`)],
            [t('lookup.view.name'), personal.name],
            [t('lookup.view.birth-date'), personal.birthDate],
            [
              t('lookup.view.email'),
              `${personal.email} (${t(personal.emailVerified ? 'lookup.view.email-verified' : 'lookup.view.email-unverified')})`,
            ],
            [t('lookup.view.phone'), personal.phone],
            [t('lookup.view.address'), personal.address],
            [t('lookup.view.language'), personal.locale],
            [t('lookup.view.newsletter'), t(personal.newsletter ? 'lookup.view.yes' : 'lookup.view.no')],
            [t('lookup.view.since'), personal.since],
            ...(personal.deletionRequested
              ? ([[t('lookup.view.deletion-requested'), personal.deletionRequested]] as [string, ReactNode][])
              : []),
          ]}
        />
      </section>
      <section aria-labelledby="customer-contract">
        <h2 id="customer-contract">{t('lookup.view.contract')}</h2>
        {contract ? (
          <Summary
            rows={[
              [t('lookup.view.contract-state'), t(`contract.state.${contract.state}`)],
              [t('lookup.view.contract-start'), contract.start],
              [t('lookup.view.contract-end'), contract.end ?? '–'],
              [t('lookup.view.tariff'), contract.tariff],
              [t('lookup.view.tariff-since'), contract.tariffSince],
              [
                t('lookup.view.pending-change'),
                contract.pendingChange
                  ? t('lookup.view.pending-change.value', {
                      tariff: contract.pendingChange.tariff,
                      date: contract.pendingChange.date ?? '',
                    })
                  : t('lookup.view.none'),
              ],
              [
                t('lookup.view.cancellation'),
                contract.cancellation
                  ? t('lookup.view.cancellation.value', {
                      reference: contract.cancellation.reference,
                      date: contract.cancellation.at,
                    })
                  : t('lookup.view.none'),
              ],
            ]}
          />
        ) : (
          <p>{t('lookup.view.no-contract')}</p>
        )}
        {details.declarations.length ? (
          <ResponsiveTable
            caption={t('lookup.view.declarations.caption')}
            rows={details.declarations}
            rowKey={(row) => row.reference}
            columns={[
              { header: t('lookup.view.report.reference'), rowHeader: true, cell: (row) => row.reference },
              { header: t('lookup.view.report.date'), cell: (row) => row.at },
              { header: t('lookup.view.declaration.kind'), cell: (row) => t(`cancel.kind.${row.kind}`) },
              { header: t('lookup.view.declaration.end'), cell: (row) => row.end ?? '–' },
              { header: t('lookup.view.declaration.withdrawn'), cell: (row) => row.withdrawn ?? '–' },
            ]}
          />
        ) : null}
      </section>
      <section aria-labelledby="customer-credit">
        <h2 id="customer-credit">{t('lookup.view.credit')}</h2>
        <p>{t('lookup.view.balance', { amount: details.balance })}</p>
        {ledger.entries.length ? (
          <ResponsiveTable
            caption={t('lookup.view.ledger.caption', { page: ledger.page, pages: ledger.pages })}
            rows={ledger.entries}
            rowKey={(row) => row.id}
            columns={[
              { header: t('lookup.view.ledger.date'), rowHeader: true, cell: (row) => row.at },
              { header: t('lookup.view.ledger.kind'), cell: (row) => t(`credit.kind.${row.kind}`) },
              { header: t('lookup.view.ledger.amount'), amount: true, cell: (row) => row.amount },
              { header: t('lookup.view.ledger.reference'), cell: (row) => row.reference ?? '–' },
            ]}
          />
        ) : (
          <p>{t('lookup.view.ledger.empty')}</p>
        )}
        {ledger.pages > 1 ? (
          <nav className="pagination" aria-label={t('lookup.view.credit')}>
            {ledger.page > 1 ? ledgerLink(ledger.page - 1, t('lookup.view.ledger.newer')) : null}
            {ledger.page < ledger.pages ? ledgerLink(ledger.page + 1, t('lookup.view.ledger.older')) : null}
          </nav>
        ) : null}
      </section>
      <section aria-labelledby="customer-payment">
        <h2 id="customer-payment">{t('lookup.view.payment')}</h2>
        {details.paymentMethods.length ? (
          <ResponsiveTable
            caption={t('lookup.view.payment.caption')}
            captionHidden
            rows={details.paymentMethods}
            rowKey={(row) => row.key}
            columns={[
              { header: t('lookup.view.payment.kind'), rowHeader: true, cell: (row) => t(`payment.kind.${row.kind}`) },
              { header: t('lookup.view.payment.display'), cell: (row) => row.display || '–' },
              { header: t('lookup.view.payment.holder'), cell: (row) => row.holder ?? '–' },
              { header: t('lookup.view.payment.mandate'), cell: (row) => row.mandate ?? '–' },
              {
                header: t('lookup.view.payment.state'),
                cell: (row) =>
                  row.replaced
                    ? t('lookup.view.payment.replaced', { date: row.replaced })
                    : t('lookup.view.payment.active'),
              },
            ]}
          />
        ) : (
          empty
        )}
      </section>
      <section aria-labelledby="customer-sessions">
        <h2 id="customer-sessions">{t('lookup.view.sessions')}</h2>
        {details.sessions.length ? (
          <ResponsiveTable
            caption={t('lookup.view.sessions.caption')}
            captionHidden
            rows={details.sessions}
            rowKey={(row) => row.key}
            columns={[
              { header: t('lookup.view.sessions.device'), rowHeader: true, cell: (row) => row.device },
              { header: t('lookup.view.sessions.since'), cell: (row) => row.since },
              { header: t('lookup.view.sessions.last-seen'), cell: (row) => row.lastSeen },
            ]}
          />
        ) : (
          empty
        )}
      </section>
      <section aria-labelledby="customer-reports">
        <h2 id="customer-reports">{t('lookup.view.reports')}</h2>
        {details.bikeReports.length || details.damageReports.length
          ? (
              [
                [
                  'lookup.view.bike-reports.caption',
                  details.bikeReports.map((report) => ({ ...report, kind: t(`bike-report.kind.${report.kind}`) })),
                ],
                [
                  'lookup.view.damage-reports.caption',
                  details.damageReports.map((report) => ({
                    ...report,
                    kind: `${t(`damage-report.kind.${report.damageKind}`)}, ${t(`damage-report.position-on-vehicle.${report.damagePosition}`)}`,
                  })),
                ],
              ] as const
            ).map(([caption, rows]) =>
              rows.length ? (
                <ResponsiveTable
                  key={caption}
                  caption={t(caption)}
                  rows={[...rows]}
                  rowKey={(row) => row.reference}
                  columns={[
                    { header: t('lookup.view.report.reference'), rowHeader: true, cell: (row) => row.reference },
                    { header: t('lookup.view.report.kind'), cell: (row) => row.kind },
                    { header: t('lookup.view.report.object'), cell: (row) => row.object },
                    { header: t('lookup.view.report.date'), cell: (row) => row.at },
                  ]}
                />
              ) : null,
            )
          : empty}
      </section>
      <section aria-labelledby="customer-mails">
        <h2 id="customer-mails">{t('lookup.view.mails')}</h2>
        {details.mails.length ? (
          <ResponsiveTable
            caption={t('lookup.view.mails.caption')}
            captionHidden
            rows={details.mails}
            rowKey={(row) => row.key}
            columns={[
              { header: t('lookup.view.mails.created'), rowHeader: true, cell: (row) => row.at },
              { header: t('lookup.view.mails.subject'), cell: (row) => row.subject },
              { header: t('lookup.view.mails.kind'), cell: (row) => <code>{row.kind}</code> },
              { header: t('lookup.view.mails.state'), cell: (row) => t(`lookup.view.mails.state.${row.state}`) },
            ]}
          />
        ) : (
          empty
        )}
      </section>
    </>
  );
}
