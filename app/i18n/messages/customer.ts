import { use } from 'react';
import { useLocale } from '../hooks';
import { isLocale, locales, type Locale } from '../locales';
import { addCatalogues, type MessageKey } from '../translate';

/**
 * The customer side's messages beyond the general ones (forms, accounts, self-service, reports), one
 * chunk per language: a visitor loads only the language of the page (docs/decisions/0044). The server
 * has every message from the start (complete.ts); in the browser a form page's form
 * (app/ui/form/deferred-form.tsx), the pathless layout app/routes.ts puts over every page the route
 * table marks `messages: 'all'` (app/ui/layouts/all-messages-layout.tsx) and the terminal's layout
 * wait for them with `useCustomerMessages`; a page's own route module never imports them
 * (docs/decisions/0014). The back office's messages come only with its layout (complete.ts), so a
 * customer's browser never loads them.
 */
const catalogueOf: Record<Locale, () => Promise<Partial<Record<MessageKey, string>>>> = {
  de: () => import('./customer.de').then((module) => module.customerDe),
  en: () => import('./customer.en').then((module) => module.customerEn),
};

/** A promise as React's `use` reads it: once it says it is fulfilled, `use` no longer suspends. */
type Tracked = Promise<void> & { status?: 'fulfilled' };

const loading = new Map<Locale, Tracked>();

/** Adds one language's customer messages to the catalogues, once; settles when they are there. */
export function loadCustomerMessages(locale: Locale): Promise<void> {
  let added = loading.get(locale);
  if (!added) {
    const adding: Tracked = catalogueOf[locale]().then((messages) => {
      addCatalogues({ [locale]: messages });
      adding.status = 'fulfilled';
    });
    // Rendering rethrows a failure; this only keeps it from also being an unhandled rejection.
    adding.catch(() => {});
    loading.set(locale, adding);
    added = adding;
  }
  return added;
}

/**
 * Renders once the page's language has its customer messages: the server's HTML stays as it is until
 * then (inside an `Activity`), and on a client-side navigation to the other language the router keeps
 * the previous page until they are there.
 */
export function useCustomerMessages(): void {
  use(loadCustomerMessages(useLocale()));
}

// The browser asks for the page's language as soon as a page that needs them is opened, beside the
// page's own modules rather than after them; the server settles every language at start-up, so no
// request waits for them.
if (typeof document === 'undefined') locales.forEach((locale) => void loadCustomerMessages(locale));
else if (isLocale(document.documentElement.lang)) void loadCustomerMessages(document.documentElement.lang);
