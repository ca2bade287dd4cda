/**
 * How personal data is shown back in places that others may see (a notice mail, an export): only
 * enough to recognise it.
 */

/** `erika.mustermann@example.org` → `e…n@example.org`; short local parts keep only their first letter. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '…';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const shown = local.length >= 4 ? `${local[0]}…${local[local.length - 1]}` : `${local[0]}…`;
  return `${shown}@${domain}`;
}

/** Only an IBAN's last four characters are ever shown back (docs/rules/credit-and-payment.md#masked-iban). */
export function maskIban(iban: string | null): string | null {
  if (!iban) return null;
  const compact = iban.replace(/\s+/g, '');
  return `•••• ${compact.slice(-4)}`;
}
