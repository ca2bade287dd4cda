import type { MessageKey } from '~/i18n/translate';
import { usePage, useT } from '~/i18n/hooks';

/** A page whose capability is not built yet: its title in the right layout, and a plain note. */
export function PendingPage({ title }: { title?: MessageKey }) {
  const t = useT();
  const page = usePage();
  const heading = title ?? (page ? (`page.${page.id}.title` as const) : undefined);
  if (!heading) return null;
  return (
    <div className="page-title">
      <h1>{t(heading)}</h1>
      <p>{t('page.pending')}</p>
    </div>
  );
}
