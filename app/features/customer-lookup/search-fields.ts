/** The fields the customer search offers (docs/rules/back-office.md#customer-lookup). */
export const searchFields = ['number', 'email', 'name', 'phone', 'iban'] as const;
export type SearchField = (typeof searchFields)[number];
