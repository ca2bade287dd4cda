import type { FieldMetadata } from '@conform-to/react';
import { useT } from '~/i18n/hooks';
import { DateField, SelectField, TextField } from '~/ui/form/inputs';
import { licenceNumberMaxLength } from '../licence-schema';

/** The licence fields as the form holds them: text, before the schema turns dates into `yyyy-mm-dd`. */
export interface LicenceFormFields {
  number: string;
  issuingCountry: string;
  issuedOn: string;
  expiresOn?: string;
}

/**
 * The driving licence's fields in a fieldset with its legend (docs/rules/accounts.md#driving-licence), at
 * registration and in a correction. The countries come as data from the server (localized names), so that the
 * browser shows what the server rendered.
 */
export function LicenceFieldset({
  field,
  countries,
  intro = true,
}: {
  field: FieldMetadata<LicenceFormFields>;
  countries: readonly { value: string; label: string }[];
  intro?: boolean;
}) {
  const t = useT();
  const fields = field.getFieldset();
  return (
    <fieldset>
      <legend>{t('licence.legend')}</legend>
      {intro ? <p className="field__hint">{t('licence.intro')}</p> : null}
      <TextField
        field={fields.number}
        label={t('licence.number')}
        hint={t('licence.number.hint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={licenceNumberMaxLength + 8}
        required
      />
      <SelectField
        field={fields.issuingCountry}
        label={t('licence.country')}
        required
        options={[{ value: '', label: t('licence.country.choose') }, ...countries]}
      />
      <DateField field={fields.issuedOn} label={t('licence.issued-on')} hint={t('licence.issued-on.hint')} required />
      <DateField field={fields.expiresOn} label={t('licence.expires-on')} hint={t('licence.expires-on.hint')} />
    </fieldset>
  );
}
