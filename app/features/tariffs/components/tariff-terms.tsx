import { useLocale, useT } from '~/i18n/hooks';
import { tariffTermsRows, type TariffTerms } from '../tariff-text';

/**
 * A tariff's terms as a summary before a paid order's button reads them: name, base fee, ride price, daily cap and
 * term, then the order's own rows (when it applies, say). docs/decisions/0059-paid-orders-summary-before-the-button.md
 */
export function TariffTermsList({
  tariff,
  id,
  nameLabel,
  before = [],
  after = [],
}: {
  tariff: TariffTerms;
  id?: string;
  /** What the tariff's name is called: "Tarif" unless given, "Neuer Tarif" in a tariff change, say. */
  nameLabel?: string;
  before?: readonly { label: string; value: string }[];
  after?: readonly { label: string; value: string }[];
}) {
  const t = useT();
  const locale = useLocale();
  const [name, ...terms] = tariffTermsRows(tariff, t, locale);
  const rows = [...before, ...(name ? [{ ...name, label: nameLabel ?? name.label }] : []), ...terms, ...after];
  return (
    <dl className="summary-list" id={id}>
      {rows.map((row) => (
        <div key={row.label} className="summary-list__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
