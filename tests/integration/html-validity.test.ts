import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, type Brand } from '~/config/brand';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { locales } from '~/i18n/locales';
import { pageIds, pageIdsOf, pages } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';
import { createVisitor, logIn, type Visitor } from '../support/visitor';

/**
 * Every page of the route table, server-rendered as a browser without JavaScript gets it, is valid
 * HTML by the Nu HTML Checker: in both brands (their markup differs in texts, logos and pages),
 * both languages, the site pages also as web views (`dbcembedded`), the self-service pages with a
 * logged-in customer, and the not-found page. All pages go to one run of the checker, because
 * starting the JVM costs more than checking them.
 */
const vnuJar = fileURLToPath(new URL('../../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url));

interface CheckedPage {
  /** Brand and path: `cab /de/start`. */
  label: string;
  html: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const notFoundPaths = ['/de/gibt-es-nicht', '/en/does-not-exist'];

async function renderEveryPage(app: AppServer, brand: Brand, redirected: string[]): Promise<CheckedPage[]> {
  const rendered: CheckedPage[] = [];
  const visit = async (visitor: Visitor, pathname: string, expected: number[] = [200]) => {
    const page = await visitor.get(app.url + pathname);
    expect(expected, `${brand} ${pathname} answered ${page.status}`).toContain(page.status);
    rendered.push({ label: `${brand} ${pathname}`, html: page.html });
  };

  const visitor = createVisitor();
  // Another brand's pages are not found (docs/rules/reports.md#report-pages-per-brand).
  const publicPaths = pageIdsOf(brand)
    .filter((id) => (pages[id].middleware as readonly string[]).length === 0)
    .flatMap((id) => locales.map((locale) => pages[id][locale]));
  for (const pathname of publicPaths) {
    const page = await visitor.get(app.url + pathname);
    // A web view this brand does not offer is sent to its site page, which is checked on its own.
    if (page.status === 302) {
      redirected.push(`${brand} ${pathname}`);
      continue;
    }
    expect(page.status, `${brand} ${pathname}`).toBe(200);
    rendered.push({ label: `${brand} ${pathname}`, html: page.html });
    if (!pages[pageIdOf(pathname)].embedded) await visit(visitor, `${pathname}?dbcembedded=1`);
  }
  for (const pathname of notFoundPaths) await visit(visitor, pathname, [404]);

  const customer = createVisitor();
  const login = await logIn(customer, { formFrom: app.url, email: demoEmail, password: defaultDemoPassword });
  expect(login.status, `${brand}: the demo customer logs in`).toBe(302);
  const selfServicePaths = pageIdsOf(brand)
    .filter((id) => (pages[id].middleware as readonly string[]).includes('auth'))
    .flatMap((id) => locales.map((locale) => pages[id][locale]));
  for (const pathname of selfServicePaths) await visit(customer, pathname);
  return rendered;
}

function pageIdOf(pathname: string) {
  const id = pageIds.find((candidate) => locales.some((locale) => pages[candidate][locale] === pathname));
  if (!id) throw new Error(`${pathname} is not in the route table`);
  return id;
}

/** Runs the checker once over every page; resolves with its messages by page. */
async function checkHtml(checked: CheckedPage[]): Promise<Map<string, VnuMessage[]>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'html-validity-'));
  try {
    const files = checked.map((_, index) => path.join(folder, `page-${index}.html`));
    await Promise.all(checked.map((page, index) => writeFile(files[index]!, page.html)));
    const output = await new Promise<string>((resolve, reject) => {
      // The checker exits with 1 when it found errors; its JSON report is the answer either way.
      execFile(
        'java',
        ['-jar', vnuJar, '--format', 'json', '--stdout', ...files],
        { maxBuffer: 64 << 20 },
        (error, stdout, stderr) => {
          if (stdout.trim().startsWith('{')) resolve(stdout);
          else reject(new Error(`The Nu HTML Checker did not report: ${error?.message ?? ''}\n${stderr}`));
        },
      );
    });
    const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
    const byPage = new Map<string, VnuMessage[]>(checked.map((page) => [page.label, []]));
    for (const message of messages) {
      const index = files.findIndex((file) => message.url.endsWith(`/${path.basename(file)}`));
      const label = checked[index]?.label ?? message.url;
      byPage.set(label, [...(byPage.get(label) ?? []), message]);
    }
    return byPage;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('HTML validity (Nu HTML Checker)', () => {
  const servers: AppServer[] = [];
  const checked: CheckedPage[] = [];
  const redirected: string[] = [];
  let messages: Map<string, VnuMessage[]>;

  beforeAll(async () => {
    for (const brand of brands) {
      const app = await startAppServer({ CLIENT: brand, DEMO_SEED: '1' });
      servers.push(app);
      checked.push(...(await renderEveryPage(app, brand, redirected)));
    }
    messages = await checkHtml(checked);
  }, 600_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('checks every page of the route table in both brands and languages, logged in and as web views', () => {
    // Brand cab sends the report web views to the regular report page (docs/rules/content-and-navigation.md#report-web-view-rewrite).
    expect(redirected).toEqual(locales.map((locale) => `cab ${pages.reportBikeWebView[locale]}`));
    const expected = brands.flatMap((brand) =>
      pageIdsOf(brand).flatMap((id) => locales.map((locale) => `${brand} ${pages[id][locale]}`)),
    );
    const labels = new Set(checked.map((page) => page.label));
    expect(expected.filter((label) => !labels.has(label) && !redirected.includes(label))).toEqual([]);
  });

  it('marks the English not-found sentence on the German page as English (docs/rules/content-and-navigation.md#not-found)', () => {
    for (const brand of brands) {
      const german = checked.find((page) => page.label === `${brand} ${notFoundPaths[0]}`)!;
      expect(german.html).toMatch(/<html[^>]*\slang="de"/);
      expect(german.html).toMatch(/<p[^>]*\slang="en"[^>]*>Page not found: \/de\/gibt-es-nicht<\/p>/);
      const english = checked.find((page) => page.label === `${brand} ${notFoundPaths[1]}`)!;
      expect(english.html).not.toMatch(/<p[^>]*\slang=/);
    }
  });

  it('finds no error on any page', () => {
    const errors = [...messages].flatMap(([label, list]) =>
      list
        .filter((message) => message.type !== 'info')
        .map((message) => `${label}:${message.lastLine ?? '?'}: ${message.message}\n    ${message.extract ?? ''}`),
    );
    // Warnings do not fail the test; they are listed, each message once with the pages it is on.
    const warnings = new Map<string, string[]>();
    for (const [label, list] of messages) {
      for (const message of list.filter((entry) => entry.type === 'info' && entry.subType === 'warning')) {
        warnings.set(message.message, [...(warnings.get(message.message) ?? []), label]);
      }
    }
    for (const [message, labels] of warnings)
      console.info(`Nu HTML Checker warning: ${message}\n  on ${labels.join(', ')}`);
    expect(errors).toEqual([]);
  });
});
