// The floor: a page the app renders on every request without a session or a database query. Two
// benchmarks measure against it (floor-vs-react-router.mjs, overview-vs-floor.mjs).

/** An anonymous content page; its query string keeps it out of the page cache. */
export const floorPath = '/de/impressum?rendered=1';

/** The floor page's HTML; refuses an answer from the page cache, another status or a cookie. */
export async function floorPage(appUrl) {
  const response = await globalThis.fetch(appUrl + floorPath, { redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${floorPath} answered ${response.status}`);
  if (response.headers.has('x-page-cache')) throw new Error(`${floorPath} went through the page cache`);
  if (response.headers.getSetCookie().length > 0) throw new Error(`${floorPath} set a cookie`);
  return html;
}
