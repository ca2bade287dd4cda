import type { RouterContextProvider } from 'react-router';
import type { FeatureContext } from '~/feature-context';
import type { AccountContext } from '~/features/accounts/public.server';
import { customerScope, type CustomerScope } from '~/features/self-service/public.server';

/** What the personal-data flows need beyond the account flows: a key for code hashes, SMS logging. */
export type PersonalDataContext = AccountContext & Pick<FeatureContext, 'codeSecret' | 'onSmsQueued'>;

export interface PersonalDataScope extends CustomerScope {
  pd: PersonalDataContext;
}

/** `customerScope()` (logged-in customer, locale, client address) plus the personal-data context. */
export function personalDataScope(url: URL, context: Readonly<RouterContextProvider>): PersonalDataScope {
  const scope = customerScope(url, context);
  return { ...scope, pd: scope.ctx };
}
