/**
 * SEPA mandate references: the customer number and a sequence per customer, e.g. `100001-002` for
 * the customer's second mandate. Unique across customers because customer numbers are, and within a
 * customer because the sequence only grows (replaced methods are kept). At most 35 characters of
 * the SEPA character set, as the scheme requires.
 */
export function mandateReference(customerNumber: string, sequence: number): string {
  return `${customerNumber}-${String(sequence).padStart(3, '0')}`;
}

/** The next sequence number after the customer's existing references. */
export function nextMandateSequence(customerNumber: string, existing: readonly string[]): number {
  const prefix = `${customerNumber}-`;
  let highest = 0;
  for (const reference of existing) {
    if (!reference.startsWith(prefix)) continue;
    const sequence = Number(reference.slice(prefix.length));
    if (Number.isInteger(sequence)) highest = Math.max(highest, sequence);
  }
  return Math.max(highest, existing.length) + 1;
}
