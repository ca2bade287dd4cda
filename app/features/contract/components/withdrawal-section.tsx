import type { BrandProfile } from '~/config/brand';
import { useFormatDate, useLocale, useT } from '~/i18n/hooks';
import { withdrawalInstructions } from '~/shared/legal/withdrawal-instructions';
import { PageLink } from '~/ui/components/page-link';
import type { ContractOverview } from '../contract.server';

/**
 * The contract page's right of withdrawal (docs/rules/contract-and-cancellation.md#withdrawal): until
 * when the contract can be withdrawn, the way to the withdrawal function, the instructions and the
 * model form.
 */
export function WithdrawalSection({
  contract,
  brand,
}: {
  contract: ContractOverview;
  /** The brand profile, for the contracting party the instructions name. */
  brand: Pick<BrandProfile, 'id' | 'provider' | 'mailSender'>;
}) {
  const t = useT();
  const locale = useLocale();
  const formatDate = useFormatDate();
  const { sections, modelForm } = withdrawalInstructions(locale, brand);
  return (
    <section aria-labelledby="contract-withdrawal">
      <h2 id="contract-withdrawal">{t('contract.withdrawal')}</h2>
      {contract.state === 'withdrawn' && contract.endDate ? (
        <p className="notice">{t('contract.withdrawn', { date: formatDate(contract.endDate) })}</p>
      ) : contract.withdrawalOpen ? (
        <p>
          {t('contract.withdrawal.open', { date: formatDate(contract.withdrawalDeadline) })}{' '}
          <PageLink page="withdrawContract">{t('contract.withdrawal.link')}</PageLink>
        </p>
      ) : (
        <p>{t('contract.withdrawal.closed', { date: formatDate(contract.withdrawalDeadline) })}</p>
      )}
      <details>
        <summary>{t('contract.withdrawal.instructions')}</summary>
        {sections.map((section) => (
          <div key={section.heading}>
            <h3>{section.heading}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        ))}
      </details>
      <details>
        <summary>{t('contract.withdrawal.model-form')}</summary>
        <p>{modelForm.intro}</p>
        <ul>
          {modelForm.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>{modelForm.note}</p>
      </details>
    </section>
  );
}
