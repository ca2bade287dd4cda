import { useT } from '~/i18n/hooks';
import { AppLink } from './app-link';
import { PageLink } from './page-link';

/**
 * The cancellation button (§312k BGB) and the withdrawal function (§356a BGB) that every page's footer
 * offers without login (docs/rules/contract-and-cancellation.md#withdrawal): the site's footer, the
 * apps' web views (their own copies of the pages, through PageLink) and the station terminal (`paths`,
 * its own copies inside its frame).
 */
export function DeclarationLinks({ paths }: { paths?: { cancel: string; withdraw: string } }) {
  const t = useT();
  return (
    <ul className="declaration-links">
      <li>
        {paths ? (
          <AppLink to={paths.cancel}>{t('footer.cancel-contracts')}</AppLink>
        ) : (
          <PageLink page="cancelContract">{t('footer.cancel-contracts')}</PageLink>
        )}
      </li>
      <li>
        {paths ? (
          <AppLink to={paths.withdraw}>{t('footer.withdraw-contract')}</AppLink>
        ) : (
          <PageLink page="withdrawContract">{t('footer.withdraw-contract')}</PageLink>
        )}
      </li>
    </ul>
  );
}
