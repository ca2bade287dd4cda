export interface RedirectRule {
  source: string;
  target: string;
  permanent: boolean;
}

export interface RedirectDecision {
  location: string;
  status: 301 | 302;
  /** An absolute target leaves the app. */
  external: boolean;
}

/** A server-declared redirect for a path; the visitor's query string follows a local target. */
export function resolveRedirect(
  rules: readonly RedirectRule[],
  pathname: string,
  search: string,
): RedirectDecision | null {
  const normalized = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const rule = rules.find((candidate) => candidate.source === normalized);
  if (!rule) return null;
  const external = /^[a-z][a-z0-9+.-]*:/i.test(rule.target) || rule.target.startsWith('//');
  const location = external || rule.target.includes('?') || !search ? rule.target : `${rule.target}${search}`;
  return { location, status: rule.permanent ? 301 : 302, external };
}
