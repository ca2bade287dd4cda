import type { SubmissionResult } from '@conform-to/react';
import type { AddressSuggestion } from '~/shared/geocoding/suggestions';
import { deferredForm } from '~/ui/form/deferred-form';
import type { RegistrationPageProps } from './registration-page';

// The form and its messages come after the page's first load (docs/decisions/0016).
const RegistrationPage = deferredForm(() => import('./registration-page').then((module) => module.RegistrationPage));

/**
 * The registration page as its routes render it, on the site and at the station terminal, from the
 * loader's data and the action's answer (features/accounts/registration-page.server.ts).
 */
export function RegistrationRoutePage({
  loaderData,
  actionData,
  atTerminal = false,
}: {
  loaderData: Omit<RegistrationPageProps, 'result' | 'addressChoices' | 'atTerminal'>;
  actionData: { result: SubmissionResult<string[]>; addressChoices: readonly AddressSuggestion[] } | undefined;
  atTerminal?: boolean;
}) {
  return (
    <RegistrationPage
      {...loaderData}
      result={actionData?.result}
      addressChoices={actionData?.addressChoices}
      atTerminal={atTerminal}
    />
  );
}
