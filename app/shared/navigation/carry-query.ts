/**
 * Query values that follow the visitor from page to page
 * (docs/rules/content-and-navigation.md#carried-query): the web-view marker `dbcembedded` (1 or 2),
 * campaign parameters `utm*` and the ad click id `gclid`.
 */
export function carriedParams(search: string | URLSearchParams): URLSearchParams {
  const source = typeof search === 'string' ? new URLSearchParams(search) : search;
  const carried = new URLSearchParams();
  for (const [key, value] of source) {
    if (key === 'dbcembedded' ? value === '1' || value === '2' : key === 'gclid' || key.startsWith('utm')) {
      carried.append(key, value);
    }
  }
  return carried;
}

/**
 * Whether a query string may hold a carried value (a percent escape may spell a name): most hold
 * none, and every link of a page asks.
 */
function mayCarry(search: string): boolean {
  return ['dbcembedded', 'utm', 'gclid', '%'].some((part) => search.includes(part));
}

/** Adds the carried values of the current query to a local href that lacks them. */
export function withCarriedQuery(href: string, currentSearch: string | URLSearchParams): string {
  if (typeof currentSearch === 'string' && !mayCarry(currentSearch)) return href;
  const carried = carriedParams(currentSearch);
  if ([...carried.keys()].length === 0) return href;
  const hashIndex = href.indexOf('#');
  const hash = hashIndex >= 0 ? href.slice(hashIndex) : '';
  const withoutHash = hashIndex >= 0 ? href.slice(0, hashIndex) : href;
  const [path = '', query = ''] = withoutHash.split('?');
  const target = new URLSearchParams(query);
  for (const [key, value] of carried) {
    if (!target.has(key)) target.append(key, value);
  }
  const search = target.toString();
  return `${path}${search ? `?${search}` : ''}${hash}`;
}

/** The locale switch keeps the whole current query string when the target has none. */
export function localeSwitchHref(targetPath: string, currentSearch: string): string {
  if (targetPath.includes('?')) return targetPath;
  const search = currentSearch.startsWith('?') ? currentSearch.slice(1) : currentSearch;
  return search ? `${targetPath}?${search}` : targetPath;
}

/**
 * The airbus campaign page: when the route parameter is `registrieren-airbus`, the query gets
 * `actioncode=airbus` unless an action code is already there. Returns the new query, or null when
 * nothing changes.
 */
export function campaignActionCode(routeParam: string | undefined, search: string): string | null {
  if (routeParam !== 'registrieren-airbus') return null;
  const params = new URLSearchParams(search);
  if (params.has('actioncode')) return null;
  params.set('actioncode', 'airbus');
  return params.toString();
}
