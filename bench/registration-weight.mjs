#!/usr/bin/env node
// Everything a visitor's browser loads to complete and send the registration form: Chromium opens
// /de/registrieren, a visitor fills every field as a person does (declining the consent dialog, typing into each
// field, the address picked from the suggestions, the tariff, the terms) and sends the form; every script the browser
// requested until the answer to the submit has arrived is counted at its gzip size. Goal: at most
// 180 KB of JavaScript. Writes bench/results/registration-weight.json.
//
//   node bench/registration-weight.mjs
//   CHROMIUM_PATH=/usr/bin/chromium (the default)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureBuild } from '../scripts/build.mjs';
import { chromiumFlags, chromiumPath } from '../tests/support/chromium.mjs';
import { startApp } from './support/app.mjs';
import { machine, report } from './support/results.mjs';

const name = 'registration-weight';
const pagePath = '/de/registrieren';
const goalKb = 180;
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

ensureBuild();
const machineAtStart = machine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-registration-'));
const app = await startApp(work, 'registration');
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url());
    if (url.origin !== app.url || scripts.has(url.pathname)) return;
    scripts.set(
      url.pathname,
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });

  await page.goto(app.url + pagePath);
  // A visitor starts once the form responds; a field typed into before hydration keeps its text anyway.
  await page.waitForFunction(() => {
    const hydrated = (form) => Object.keys(form).some((key) => key.startsWith('__reactFiber$'));
    return (
      globalThis.__reactRouterDataRouter?.state.initialized === true && [...globalThis.document.forms].every(hydrated)
    );
  });
  // A first visit asks for consent to count page views; this visitor declines.
  await page.getByRole('button', { name: 'Ablehnen' }).click();
  await fillRegistration(page);
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith(pagePath),
  );
  await page.getByRole('button', { name: 'Kostenpflichtig registrieren' }).click();
  const answer = await answered;
  await page.waitForURL(`**${pagePath}?done=1`);
  await page.getByText('Fast geschafft!').waitFor();

  const sizes = await Promise.all([...scripts].map(async ([script, size]) => ({ script, bytes: await size })));
  const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
  const heaviest = sizes
    .toSorted((a, b) => b.bytes - a.bytes)
    .slice(0, 60)
    .map(({ script, bytes }) => `${path.basename(script).replace(/-[\w-]{8}\.js$/, '')} ${kb(bytes)}`);
  report({
    name,
    title: 'JavaScript loaded to complete and send the registration form (gzip)',
    date: new Date().toISOString(),
    machine: machineAtStart,
    settings: { page: pagePath, browser: `Chromium (${browser.version()})`, viewport: '360 × 740', gzip: 'level 9' },
    results: [],
    table: {
      columns: ['Scripts', 'JavaScript (gzip)', 'heaviest (KB)'],
      rows: [[sizes.length, `${kb(total)} KB`, heaviest.join(', ')]],
    },
    figures: [
      {
        label: 'JavaScript loaded until the registration is answered',
        value: `${kb(total)} KB`,
        goal: `≤ ${goalKb} KB`,
        met: kb(total) <= goalKb,
      },
    ],
    notes: [
      `Counted: every script of the app's origin the browser requested from opening ${pagePath} until the answer to the form's POST (${answer.status()}, then the confirmation), each once, at its gzip size (level 9): the first load, the form's chunk, the customer messages of the page's language, validation and whatever the filled fields asked for (the phone number is judged by the server, docs/decisions/0043).`,
      'The fields are filled as a visitor does: typing into each, the address picked from the suggestions with the keyboard, the tariff chosen, the terms accepted.',
    ],
  });
} finally {
  await browser.close();
  await app.stop();
  rmSync(work, { recursive: true, force: true });
}

/** The registration form filled in as a visitor does it (tests/e2e/accounts.spec.ts does the same, with checks). */
async function fillRegistration(page) {
  await page.getByRole('combobox', { name: 'Anrede' }).selectOption({ label: 'Frau' });
  await page.getByRole('textbox', { name: 'Vorname' }).pressSequentially('Erika');
  await page.getByRole('textbox', { name: 'Nachname' }).pressSequentially('Mustermann');
  await page.getByRole('textbox', { name: 'Geburtsdatum' }).pressSequentially('15041990');
  const phone = page.getByRole('group', { name: 'Mobilfunknummer' });
  await phone.getByRole('combobox', { name: 'Land und Vorwahl' }).selectOption('DE');
  await phone.getByRole('textbox', { name: 'Mobilfunknummer' }).pressSequentially('01512 3456789');
  const address = page.getByRole('combobox', { name: 'Adresse' });
  await address.pressSequentially('Alexanderpl');
  await page.getByRole('listbox', { name: 'Adressvorschläge' }).getByRole('option').first().waitFor();
  await address.press('ArrowDown');
  await address.press('Enter');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).pressSequentially(`bench-${randomUUID()}@example.com`);
  await page
    .getByRole('textbox', { name: 'Passwort', exact: true })
    .pressSequentially('Sonntags mit dem Rad an den See');
  await page
    .getByRole('combobox', { name: 'Tarif' })
    .selectOption({ label: 'Komfort Monat – Grundgebühr: 9,00 € pro Monat' });
  await page
    .getByRole('checkbox', { name: 'Ich akzeptiere die AGB und habe die Datenschutzerklärung gelesen.' })
    .check();
}
