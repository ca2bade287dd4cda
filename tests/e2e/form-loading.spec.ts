import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
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
