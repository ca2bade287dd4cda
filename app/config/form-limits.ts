/**
 * What a submitted form may look like at most (docs/decisions/0018-hostile-input-limits.md). Every
 * form of the app fits well inside these limits; a body beyond them can only be hand-made, and is
 * refused before any field is parsed into an object.
 */
export const formLimits = {
  /** Entries in one body; the largest form (registration, bike report) has about 20. */
  fields: 100,
  /** Characters of a field name; the longest today is `phone.parsedPhoneNumber` (23). */
  nameLength: 100,
  /** Segments of a name (`address.text` has 2). */
  depth: 4,
  /**
   * Highest list index a name may carry (`items[9]`). No form has a list today; a list is as long as
   * the form can show it, never as long as a name says.
   */
  listIndex: 9,
  /**
   * Characters of one value: the browser's error report (16 KiB, its endpoint's own limit) is the
   * longest. Every other field has a far smaller limit in its schema, which answers with a message
   * on the field: the bike report's description 2,000 characters (whose line breaks arrive as two),
   * the payment provider's tokens 4,096.
   */
  valueLength: 16 * 1024,
} as const;
