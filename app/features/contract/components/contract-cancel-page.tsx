import type { SubmissionResult } from '@conform-to/react';
import type { Brand } from '~/config/brand';
import { useFormatDate, useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import { PageLink } from '~/ui/components/page-link';
import type { CancellationConfirmation } from '../confirmation';
import { contractFinished } from '../contract-state';
import type { ContractOverview } from '../contract.server';
import { CancellationConfirmationView, CancellationForm } from './cancellation-form';

/**
 * The self-service cancellation page's content (routes/self-service/contract-cancel.tsx loads it
 * with `deferredForm`): the public form prefilled, behind the 15-minute check, or after a
 * declaration its confirmation.
 */
export function ContractCancelPage({
  csrf,
  brand,
  contract,
  customer,
  reauthenticationNeeded,
  result,
  confirmation,
}: {
  csrf: string;
  brand: Brand;
  contract: { state: ContractOverview['state']; endDate: string | null; earliest: string | null } | null;
  customer: { name: string; email: string; customerNumber: string } | null;
  reauthenticationNeeded: boolean;
  result: SubmissionResult<string[]> | undefined;
  confirmation: CancellationConfirmation | null | undefined;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  if (confirmation) {
    return (
      <div className="narrow cancel-page">
        <PageTitle page="contractCancel" />
        <CancellationConfirmationView confirmation={confirmation} contractLink />
      </div>
    );
  }
  if (!contract || !customer) {
    return (
      <div className="narrow">
        <PageTitle page="contractCancel" />
        <p className="notice notice--error" role="alert">
          {t('contract.none')}
        </p>
      </div>
    );
  }
  if (contractFinished(contract.state)) {
    return (
      <div className="narrow">
        <PageTitle page="contractCancel" />
        <p className="notice" role="status">
          {t('contract.ended', { date: formatDate(contract.endDate ?? '') })}
        </p>
        <p>
          <PageLink page="contract">{t('cancel.confirmation.to-contract')}</PageLink>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow cancel-page">
      <PageTitle page="contractCancel">
        {contract.earliest ? <p>{t('cancel.intro.self-service', { date: formatDate(contract.earliest) })}</p> : null}
      </PageTitle>
      {contract.state === 'cancellation_requested' && contract.endDate ? (
        <p className="notice">{t('cancel.already-pending', { date: formatDate(contract.endDate) })}</p>
      ) : null}
      <CancellationForm
        csrf={csrf}
        lastResult={result}
        brand={brand}
        defaults={{ name: customer.name, confirmationEmail: customer.email }}
        fixedCustomerNumber={customer.customerNumber}
        reauthenticationNeeded={reauthenticationNeeded}
      />
    </div>
  );
}
