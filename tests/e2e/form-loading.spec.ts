import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { newCustomer, registerByRequest } from './support/accounts';
import { expectFocusOnAnnouncedError } from './support/keyboard';
import { expect, test, waitForHydration } from './support/test';

/**
 * Form pages load their form and its validation after the page (docs/decisions/0016): the form in
 * a chunk of its own, hydrated when it arrives; zod and the schema on the first focus in the form
 * or when the browser is idle. Whoever is quicker than those chunks gets what they would have got
 * had the chunks been there. The chunks are held back here by their file names (Vite names them
 * after their module, or after the manual chunk in vite.config.ts).
 */

/** Holds back the browser's requests for chunks whose file name matches, until `release()`. */
async function holdChunks(page: Page, name: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && name.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test('a login sent before the validation has loaded gets the messages and focus it would have got, and is not sent', async ({
  page,
}) => {
  const releaseZod = await holdChunks(page, /\/zod-[\w-]+\.js$/);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  const validatorAsked = page.waitForRequest((request) => /\/zod-[\w-]+\.js$/.test(request.url()));
  await page.goto(pages.login.de);
  await waitForHydration(page);
  await validatorAsked;

  const email = page.getByRole('textbox', { name: 'E-Mail-Adresse' });
  await email.fill('keine-adresse');
  await email.press('Tab');
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  releaseZod();
  await expectFocusOnAnnouncedError(page, 'Bitte gib eine gültige E-Mail-Adresse ein.');
  await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveAccessibleDescription(
    'Bitte fülle dieses Feld aus.',
  );
  expect(posts, 'the browser judged the form; nothing went to the server').toEqual([]);
});

test('what is typed into the registration form before it is hydrated stays', async ({ page }) => {
  const releaseForm = await holdChunks(page, /\/registration-page-[\w-]+\.js$/);
  await page.goto(pages.register.de);
  const firstName = page.getByRole('textbox', { name: 'Vorname' });
  const phone = page.getByRole('group', { name: 'Mobilfunknummer' }).getByRole('textbox');
  // A plain text input until hydrated, a combobox afterwards.
  const address = page.getByRole('textbox', { name: 'Adresse', exact: true });
  await firstName.fill('Erika');
  await phone.fill('0151 2345678');
  await address.fill('Alexanderplatz');

  releaseForm();
  await waitForHydration(page);
  // The fields render again as the visitor goes on; what was typed before is still there.
  await phone.press('End');
  await phone.pressSequentially('9');
  await phone.press('Tab');
  await expect(firstName).toHaveValue('Erika');
  await expect(phone).toHaveValue('0151 23456789');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Adresse' })).toHaveValue('Alexanderplatz');
});

test("the phone field shows the server's judgement of the number, which is posted, never put in an address", async ({
  page,
}) => {
  const checks: { url: string; body: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/resources/phone-number') {
      checks.push({ url: request.url(), body: request.postData() ?? '' });
    }
  });
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  await page.goto(pages.register.de);
  await waitForHydration(page);
  const group = page.getByRole('group', { name: 'Mobilfunknummer' });
  const phone = group.getByRole('textbox');
  const parsed = page.locator('input[type=hidden][name="phone.parsedPhoneNumber"]');

  await phone.fill('030 12345678');
  await phone.press('Tab');
  await expect(phone).toHaveAccessibleDescription(/Bitte gib eine gültige Mobilfunknummer ein\./);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(parsed).toHaveValue('');

  await phone.fill('0151 23456789');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(parsed).toHaveValue('+4915123456789');

  expect(checks.length).toBeGreaterThan(0);
  for (const check of checks) {
    expect(check.url).not.toContain('0151');
    expect(new URLSearchParams(check.body).get('regionCode')).toBe('DE');
  }
  // The parser stays on the server: no script the page loaded carries its error texts.
  expect(scripts.some((script) => script.includes('did not seem to be a phone number'))).toBe(false);
});

test('a SEPA form sent before its validation has loaded starts the bank verification only once it is judged valid', async ({
  page,
}) => {
  await registerByRequest(page.request, newCustomer());
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  const iban = page.getByRole('textbox', { name: 'IBAN' });
  const consent = page.getByRole('checkbox', { name: 'Ich erteile das SEPA-Lastschriftmandat.' });
  const submit = page.getByRole('button', { name: 'Bankverbindung prüfen und speichern' });
  const openWithValidationHeldBack = async () => {
    const release = await holdChunks(page, /\/zod-[\w-]+\.js$/);
    const validatorAsked = page.waitForRequest((request) => /\/zod-[\w-]+\.js$/.test(request.url()));
    await page.goto(pages.paymentUpdate.de);
    await waitForHydration(page);
    await validatorAsked;
    return release;
  };

  // A typo in the IBAN: the messages and focus come with the validator, neither widget nor server sees it.
  let releaseZod = await openWithValidationHeldBack();
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await consent.check();
  await submit.click();
  await expect(iban).not.toHaveAttribute('aria-invalid', 'true');
  releaseZod();
  await expectFocusOnAnnouncedError(page, /Die Prüfziffer dieser IBAN stimmt nicht/);
  expect(posts, 'the browser judged the form; nothing went to the widget or the server').toEqual([]);

  // A valid form: once judged, the widget verifies the account and the form goes on to the server.
  await page.unrouteAll();
  releaseZod = await openWithValidationHeldBack();
  await iban.fill('DE44 5001 0517 5407 3249 31');
  await consent.check();
  await submit.click();
  releaseZod();
  await expect(page).toHaveURL(`${pages.payment.de}?changed=1`);
  expect(posts).toEqual(['/resources/bank-verification', expect.stringContaining(pages.paymentUpdate.de)]);
});
