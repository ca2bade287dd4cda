/**
 * Voucher codes (docs/rules/credit-and-payment.md#voucher-codes): 12 letters or digits in groups of four,
 * `ABCD-EFGH-JKLM`, case does not matter. Customers type them with or without dashes and spaces; stored and
 * compared in the normalised form.
 */
export const voucherCodeMask = '****-****-****';

export function normalizeVoucherCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s\-‐‑–—]/g, '');
  if (!/^[A-Z0-9]{12}$/.test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4, 8)}-${compact.slice(8)}`;
}
