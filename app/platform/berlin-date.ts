/** Calendar dates are Europe/Berlin dates (product rules), written `yyyy-mm-dd`. */
export function berlinDate(instant: Date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(instant);
}
