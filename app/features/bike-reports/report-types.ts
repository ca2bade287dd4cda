import type { SubmissionResult } from '@conform-to/react';
import type { AddressSuggestion } from '~/shared/geocoding/suggestions';
import type { Locale } from '~/i18n/locales';
import type { ReportKind } from './report-kinds';

/**
 * Where the report form is shown: the site (`/de/rad-melden`), a web view of the native apps
 * (`/webviews/de/melden`, flinkster only: other brands rewrite it to the site's page), or the
 * station terminal (`/de/terminal/melden`), where reports are always anonymous.
 */
export type ReportMode = 'site' | 'webview' | 'terminal';

export interface ReportPageData {
  csrf: string;
  mode: ReportMode;
  locale: Locale;
  loggedIn: boolean;
  /** The login page, returning here with "lost or stolen" chosen; null where nobody logs in (terminal, logged in). */
  loginHref: string | null;
  defaults: {
    kind?: ReportKind;
    seenDate: string;
    seenTime: string;
    email?: string;
    phone?: { regionCode: string; phonenumber: string };
  };
  /** Set after a report was filed: the page shows its reference instead of the form. */
  confirmation: { reference: string } | null;
}

export interface ReportActionData {
  result: SubmissionResult<string[]>;
  /** Without JavaScript: suggestions for a typed address, to pick one. */
  addressChoices: AddressSuggestion[];
}
