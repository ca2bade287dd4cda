import { pages } from '../../app/i18n/route-table';
import { expectErrorScreen } from './support/error-screen';
import { expect, testWithCuttableDatabase } from './support/test';

const test = testWithCuttableDatabase({ CLIENT: 'cab' });

// In order, in one worker: the database goes away, the app shows the error screen, the database comes
// back. After a failure the next test gets a fresh server, and the database is cut again.
test.describe.configure({ mode: 'default' });

test.beforeAll(async ({ database }) => {
  await database.proxy.cut();
});

test('the price list shows the error screen with status 503', async ({ page }) => {
  const response = await page.goto(pages.priceList.de);

  expect.soft(response?.status(), 'an outside system being down is a 503').toBe(503);
  await expectErrorScreen(page, {
    heading: 'Hoppla!',
    text: 'Da ist etwas schiefgelaufen. Bitte versuche es später noch einmal.',
    colour: 'rgb(197, 0, 20)',
    back: 'Zurück zur Startseite',
    home: pages.home.de,
  });
});

test('the error reaches the log with the request id, but no detail reaches the visitor', async ({ request, app }) => {
  const response = await request.get(pages.priceList.en);
  expect(response.status()).toBeGreaterThanOrEqual(500);
  const html = await response.text();

  expect(html).toContain('Oops!');
  expect(html).not.toMatch(/ECONN|Error: |node_modules|\bat \S+ \(|:\d+:\d+\)/);
  const requestId = response.headers()['x-request-id'];
  expect(requestId).toBeTruthy();
  await expect.poll(() => app.logs?.() ?? '').toContain(`"reqId":"${requestId}"`);
});

test('/health answers 503 with the database down', async ({ request }) => {
  const response = await request.get('/health');
  expect(response.status()).toBe(503);
  expect(await response.json()).toMatchObject({ database: 'down' });
});

test('the app recovers by itself once the database is back', async ({ database, request, page }) => {
  await database.proxy.restore();

  await expect.poll(async () => (await request.get('/health')).status(), { timeout: 15_000 }).toBe(200);
  const response = await page.goto(pages.priceList.de);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preisverzeichnis');
  await expect(page.getByRole('rowheader', { name: 'Basis' })).toBeVisible();
});
