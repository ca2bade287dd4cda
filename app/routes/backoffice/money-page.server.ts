import type { RouterContextProvider } from 'react-router';
import { pageContext } from '~/context';
import type { StaffActor } from '~/features/goodwill/public.server';
import { auditOrigin, requireStaff } from '~/features/staff/public.server';
import type { Locale } from '~/i18n/locales';

/** The logged-in staff member as the money operations' actor, with the request's origin for the audit log. */
export function moneyActor(context: Readonly<RouterContextProvider>): StaffActor {
  const staff = requireStaff(context);
  return { staffId: staff.staffId, role: staff.role, origin: auditOrigin(context) };
}

export function pageLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(pageContext).locale;
}

/** The first message of each field of a refused form: what the page shows next to the field. */
export function fieldErrors(error: Record<string, string[] | null> | null | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    const first = messages?.[0];
    if (first && name) errors[name] = first;
  }
  return errors;
}

/** The text fields of a submitted form, to show again what was typed. */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = form.get(name);
      return [name, typeof value === 'string' ? value.slice(0, 1000) : ''];
    }),
  );
}
