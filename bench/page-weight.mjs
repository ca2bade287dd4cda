#!/usr/bin/env node
// What each page makes the browser load first: the gzip size of the JavaScript (the entry module and
// every `modulepreload` the server renders) and of the CSS (stylesheets in the head), for every page
// of the route table (app/i18n/route-table.ts) in both languages, web views included, on each brand's
// app: public pages as a visitor opens them, the pages behind the login as the demo customer sees
// them. Goal: at most 130 KB of JavaScript on every page. Writes bench/results/page-weight.json.
//
//   node bench/page-weight.mjs
import { Buffer } from 'node:buffer';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuild } from '../scripts/build.mjs';
import { startApp } from './support/app.mjs';
import { loadRouteTable } from './support/route-table.mjs';
import { logIn } from './support/login.mjs';
import { machine, report } from './support/results.mjs';

const name = 'page-weight';
const goalKb = 130;

ensureBuild();

const work = mkdtempSync(path.join(tmpdir(), 'bench-page-weight-'));
const routeTable = await loadRouteTable();
const brands = ['cab', 'flinkster'];

const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const assetCache = new Map();

async function gzipSizeOf(url) {
  if (!assetCache.has(url)) {
    const response = await globalThis.fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    assetCache.set(url, gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length);
  }
  return assetCache.get(url);
}

/** The first-load assets named by a page's HTML: module scripts and preloads, stylesheets. */
function firstLoadAssets(html) {
  const attribute = (tag, name) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(link|script)\b[^>]*>/g) ?? [];
  const js = new Set();
  const css = new Set();
  for (const tag of tags) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (tag.startsWith('<link') && rel === 'modulepreload' && href) js.add(href);
    if (tag.startsWith('<link') && rel === 'stylesheet' && href) css.add(href);
    if (tag.startsWith('<script') && attribute(tag, 'type') === 'module' && attribute(tag, 'src')) {
      js.add(attribute(tag, 'src'));
    }
  }
  // The entry module React Router imports from its inline bootstrap script.
  for (const match of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) js.add(match[1]);
  for (const match of html.matchAll(/import \* as \w+ from "(\/assets\/[^"]+\.js)"/g)) js.add(match[1]);
  return { js: [...js], css: [...css] };
}

/** One page's first-load weight on `app`; `cookie` for a logged-in customer's page. */
async function measure(app, pagePath, cookie) {
  const url = `${app.url}${pagePath}`;
  const response = await globalThis.fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const html = await response.text();
  const assets = firstLoadAssets(html);
  const jsSizes = await Promise.all(assets.js.map((href) => gzipSizeOf(new URL(href, app.url).href)));
  const jsBytes = jsSizes.reduce((sum, size) => sum + size, 0);
  // The chunks beyond React and React Router that weigh most, by name without the content hash.
  const heavy = assets.js
    .map((href, i) => ({ name: path.basename(href).replace(/-[\w-]{8}\.js$/, ''), size: jsSizes[i] }))
    .filter((chunk) => !/^(entry\.client|chunk-\w+)$/.test(chunk.name) && chunk.size >= 4 * 1024)
    .sort((a, b) => b.size - a.size)
    .map((chunk) => `${chunk.name} ${kb(chunk.size)}`);
  const cssBytes = (await Promise.all(assets.css.map((href) => gzipSizeOf(new URL(href, app.url).href)))).reduce(
    (sum, size) => sum + size,
    0,
  );
  return {
    page: pagePath,
    status: response.status,
    htmlKb: kb(gzipSync(html).length),
    jsFiles: assets.js.length,
    jsKb: kb(jsBytes),
    cssKb: kb(cssBytes),
    heavy: heavy.join(', ') || '–',
  };
}

try {
  const rows = [];
  for (const brand of brands) {
    const app = await startApp(work, brand, { CLIENT: brand });
    try {
      const cookie = await logIn(app.url);
      for (const id of routeTable.pageIdsOf(brand)) {
        const page = routeTable.pages[id];
        const loggedIn = page.middleware.includes('auth');
        for (const locale of ['de', 'en']) {
          rows.push({ brand, id, ...(await measure(app, page[locale], loggedIn ? cookie : undefined)) });
        }
      }
    } finally {
      await app.stop();
    }
  }

  const measured = rows.filter((row) => row.status === 200);
  const heaviest = measured.reduce((max, row) => (row.jsKb > max.jsKb ? row : max), measured[0]);
  const within = measured.filter((row) => row.jsKb <= goalKb);
  report({
    name,
    title: 'First-load JavaScript and CSS per page (gzip)',
    date: new Date().toISOString(),
    machine: machine(),
    settings: { brands: brands.join(', '), locales: 'de, en', gzip: 'level 9', pages: rows.length },
    results: [],
    table: {
      columns: [
        'Brand',
        'Page',
        'Status',
        'HTML (gzip)',
        'JS files',
        'JS (gzip)',
        'CSS (gzip)',
        'heaviest app chunks (KB)',
      ],
      rows: rows.map((row) => [
        row.brand,
        `${row.id} (${row.page})`,
        row.status,
        `${row.htmlKb} KB`,
        row.jsFiles,
        `${row.jsKb} KB`,
        `${row.cssKb} KB`,
        row.heavy,
      ]),
    },
    figures: [
      {
        label: `largest first-load JavaScript (${heaviest.brand} ${heaviest.page})`,
        value: `${heaviest.jsKb} KB`,
        goal: `≤ ${goalKb} KB`,
        met: heaviest.jsKb <= goalKb,
      },
      { label: `pages within ${goalKb} KB of JavaScript`, value: `${within.length} of ${measured.length}` },
    ],
    notes: [
      'JavaScript counts the entry module and every modulepreload link the server renders for the page: what the browser loads before React hydrates the page. Chunks the page’s modules request once they run are not counted: a form page’s form and a self-service page’s content with the customer messages of the page’s language (requested at once, hydrated when they arrive; until then the server’s HTML, whose links and forms work as without JavaScript), validation (on the first focus in a form), docs/decisions/0016-form-pages-load-their-form-later.md, 0041 and 0044. Phone numbers are judged by the server (0043). What a visitor loads until a form is sent is bench/registration-weight.mjs.',
      'Pages behind the login are measured as the demo customer sees them, logged in through the login form; a page that answers with another status than 200 (a redirect, for example a link page opened without its link) is listed but not measured.',
      'The entry (React) and React Router’s chunk are on every page; the last column names the app’s own chunks of 4 KB or more.',
    ],
  });
} finally {
  rmSync(work, { recursive: true, force: true });
}
