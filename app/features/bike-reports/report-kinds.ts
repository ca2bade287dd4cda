/**
 * The kinds of bike report (docs/rules/bike-reports.md#report-kinds); apart from the schema, because the
 * form shows them before zod is loaded.
 */
export const reportKinds = ['found', 'lost', 'damaged'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Kinds a visitor may report without logging in; "my bike is lost or stolen" needs an account. */
export function kindNeedsLogin(kind: ReportKind): boolean {
  return kind === 'lost';
}
