import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { csrfFieldName } from '~/shared/security/form-fields';
import { usePage, useT } from '~/i18n/hooks';
import { pageForView, pages, type PageId } from '~/i18n/route-table';
import { PageLink } from '~/ui/components/page-link';

/** Whether the page is shown inside the native apps' web view. */
export function useEmbedded(): boolean {
  return usePage()?.embedded ?? false;
}

/**
 * A link to a named page that keeps a web view inside the app: the page's embedded variant when
 * there is one; in a web view, pages without one are not linked at all (they would show the site's
 * header and footer), and `fallback` is shown instead.
 */
export function ViewLink({
  page,
  children,
  fallback = null,
}: {
  page: PageId;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const embedded = useEmbedded();
  const target = pageForView(page, embedded);
  if (embedded && !pages[target].embedded) return <>{fallback}</>;
  return <PageLink page={target}>{children}</PageLink>;
}

/** "Back to my data", in the regular or the embedded data page. */
export function BackToData() {
  const t = useT();
  return (
    <p className="personal-data__back">
      <ViewLink page="data">{t('my-data.back')}</ViewLink>
    </p>
  );
}

/**
 * A one-button POST form (CSRF token included) for actions without fields to fill in: it works
 * the same without JavaScript.
 */
export function ActionButton({
  csrf,
  intent,
  fields = {},
  label,
  ariaLabel,
  secondary = false,
}: {
  csrf: string;
  intent: string;
  fields?: Record<string, string>;
  label: string;
  ariaLabel?: string;
  secondary?: boolean;
}) {
  return (
    <Form method="post" className="action-button">
      <input type="hidden" name={csrfFieldName} value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={secondary ? 'button button--secondary' : 'button'} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}
