import type { FieldMetadata } from '@conform-to/react';
import { useT } from '~/i18n/hooks';
import { PasswordField } from './inputs';

/**
 * The password confirmation of a sensitive change, shown only when the customer's last login or
 * confirmation is more than 15 minutes ago (the loader says so). The server decides again on submit.
 */
export function ReauthenticationField({
  field,
  needed,
}: {
  field: FieldMetadata<string | undefined>;
  needed: boolean;
}) {
  const t = useT();
  if (!needed) return null;
  return (
    <PasswordField
      field={field}
      label={t('reauth.password')}
      hint={t('reauth.hint')}
      autoComplete="current-password"
      required
    />
  );
}
