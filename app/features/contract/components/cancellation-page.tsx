import type { SubmissionResult } from '@conform-to/react';
import type { Brand } from '~/config/brand';
import { useT } from '~/i18n/hooks';
import { PageTitle } from '~/ui/components/page-header';
import type { CancellationConfirmation } from '../confirmation';
import { CancellationConfirmationView, CancellationForm, type CancellationDefaults } from './cancellation-form';

/**
 * The public cancellation page's content (routes/public/cancel-contract.tsx loads it with
 * `deferredForm`): the form, or after a declaration its confirmation.
 */
export function PublicCancellationPage({
  csrf,
  brand,
  defaults,
  result,
  confirmation,
}: {
  csrf: string;
  brand: Brand;
  defaults: CancellationDefaults | null;
  result: SubmissionResult<string[]> | undefined;
  confirmation: CancellationConfirmation | null | undefined;
}) {
  const t = useT();
  return (
    <div className="narrow cancel-page">
      <PageTitle page="cancelContract">{confirmation ? null : <p>{t('cancel.intro')}</p>}</PageTitle>
      {confirmation ? (
        <CancellationConfirmationView confirmation={confirmation} />
      ) : (
        <CancellationForm csrf={csrf} lastResult={result} brand={brand} defaults={defaults} honeypot />
      )}
    </div>
  );
}
