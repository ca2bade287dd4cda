import { useT } from '~/i18n/hooks';

export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t('app.skip-to-content')}
    </a>
  );
}
