import type { SubmissionResult } from '@conform-to/react';
import type { AddressSuggestion } from '~/shared/geocoding/suggestions';
import type { Locale } from '~/i18n/locales';

/** Where the damage report is shown: the site (`/de/schaden-melden`) or the apps' web view. */
export type DamageReportMode = 'site' | 'webview';

export interface DamagePageData {
  csrf: string;
  mode: DamageReportMode;
  locale: Locale;
  loggedIn: boolean;
  defaults: {
    seenDate: string;
    seenTime: string;
    email?: string;
    phone?: { regionCode: string; phonenumber: string };
  };
  /** Set after a report was filed: the page shows its reference instead of the form. */
  confirmation: { reference: string } | null;
}

export interface DamageActionData {
  result: SubmissionResult<string[]>;
  addressChoices: AddressSuggestion[];
}
