/**
 * The credit balance and payment method rules of docs/rules/credit-and-payment.md in one place: amounts,
 * limits, the SEPA creditor identifier. A rule change is one edit.
 */
export const payment = {
  /** Top-up amounts the customer can choose, in cents. */
  topUpAmountsCents: [1000, 2000, 5000],
  /** Ledger rows per page on the credit page. */
  ledgerPageSize: 20,
  /**
   * The SEPA creditor identifier (Gläubiger-Identifikationsnummer); `SEPA_CREDITOR_ID` replaces it.
   * This one is the Bundesbank's well-known test identifier.
   */
  defaultCreditorId: 'DE98ZZZ09999999999',
  voucher: {
    /** Failed redemptions per customer before a wait: brute-force guessing of codes. */
    failuresPerCustomer: 10,
    /** …and per IP address, against guessing spread over several accounts. */
    failuresPerIp: 50,
    failureWindowMs: 60 * 60 * 1000,
    blockMs: 60 * 60 * 1000,
  },
  /** Top-ups per customer and hour: a stuck button or a script cannot charge a card again and again. */
  topUpsPerHour: 5,
  /** Bank verifications per customer and hour: each one costs a provider call. */
  bankVerificationsPerHour: 10,
  /** How long a verification token or a checkout session of the sandboxes stays valid. */
  sandboxTokenMs: 30 * 60 * 1000,
  /** Timeout of the real payment provider and bank verification services. */
  providerTimeoutMs: 10_000,
} as const;

/**
 * A SEPA creditor identifier: country, two check digits, a three-character business code, the
 * national identifier. The check digits are ISO 7064 MOD 97-10 over the national identifier and
 * the country (the business code is left out), like an IBAN's.
 */
export function isValidCreditorId(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{3}[A-Z0-9]{1,28}$/.test(id)) return false;
  const digits = `${id.slice(7)}${id.slice(0, 2)}${id.slice(2, 4)}`.replace(/[A-Z]/g, (char) =>
    String(char.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** The creditor identifier in force: `SEPA_CREDITOR_ID` when set (validated at start-up), else the default. */
export function creditorId(env: { SEPA_CREDITOR_ID?: string }): string {
  return env.SEPA_CREDITOR_ID ?? payment.defaultCreditorId;
}
