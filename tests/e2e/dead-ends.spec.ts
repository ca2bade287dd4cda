import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { expectNoViolations } from './support/accessibility';
import { demoCustomer } from './support/accounts';
import { expect, test, waitForHydration } from './support/test';

/**
 * Every dead end gets a visible message and a next step (docs/decisions/0029-phones-and-dead-ends.md):
 * an address the geocoder does not know, a form sent after its CSRF cookie is gone, the page after
 * registering, the terms checkbox, and a campaign's tariff. In both languages, at 320 and 1280 px.
 */

// Forms, a login and accessibility scans: more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

const widths = [
  { width: 320, height: 700 },
  { width: 1280, height: 800 },
];

const texts = {
  de: {
    address: 'Adresse',
    unknown: 'Diese Adresse kennen wir nicht.',
    next: /gib nur Straße und Ort ein/,
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    logIn: 'Anmelden',
    confirmEmail: 'E-Mail-Adresse bestätigen',
    linkInvalid: 'Dieser Bestätigungslink ist ungültig.',
    resend: /nichts gesendet worden.*Bitte prüfe sie und sende das Formular noch einmal\./,
    doneTitle: 'Fast geschafft: Bitte bestätige deine E-Mail-Adresse',
    loginLink: 'Danach hier anmelden',
    terms: {
      checkbox: 'Ich akzeptiere die AGB und habe die Datenschutzerklärung gelesen.',
      links: ['AGB', 'Datenschutzerklärung'],
    },
    recommendation:
      /empfehlen wir den Tarif Komfort Jahr \(.+; Laufzeit: 12 Monate Erstlaufzeit.+\)\. Er ist nicht vorausgewählt/,
    tariff: 'Tarif',
    tariffHint: 'Empfohlen für den Aktionscode airbus: Komfort Jahr. Du kannst jeden Tarif wählen.',
  },
  en: {
    address: 'Address',
    unknown: 'We do not know this address.',
    next: /type only the street and town/,
    email: 'Email address',
    password: 'Password',
    logIn: 'Log in',
    confirmEmail: 'Confirm email address',
    linkInvalid: 'This confirmation link is invalid.',
    resend: /nothing was sent.*please check it and send the form once more\./,
    doneTitle: 'Almost done: please confirm your email address',
    loginLink: 'Then log in here',
    terms: {
      checkbox: 'I accept the terms and conditions and have read the privacy statement.',
      links: ['terms and conditions', 'privacy statement'],
    },
    recommendation: /we recommend the Comfort annual tariff \(.+; term: .+\)\. It is not preselected/,
    tariff: 'Tariff',
    tariffHint: 'Recommended for the action code airbus: Comfort annual. You can choose any tariff.',
  },
} as const;

/** Nothing of the page beyond the right edge of the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test.describe(`${locale}`, () => {
    test('an address the geocoder does not know is said visibly, with what to do next', async ({ page }) => {
      await page.goto(pages.register[locale]);
      await waitForHydration(page);
      const address = page.getByRole('combobox', { name: text.address });
      await address.fill('Nirgendwoweg 999 Atlantis');
      const notice = page.getByText(text.unknown);
      await expect(notice).toBeVisible();
      await expect(address).toHaveAccessibleDescription(new RegExp(text.unknown.replace('.', '\\.')));
      await expect(page.getByText(text.next)).toBeVisible();
      await expect(page.locator('.field__notice--unknown').getByRole('link', { name: /\+49/ })).toHaveAttribute(
        'href',
        /^tel:\+49/,
      );
      for (const viewport of widths) {
        await page.setViewportSize(viewport);
        await expect(notice).toBeVisible();
        await expectNoSidewaysScroll(page);
      }
      await expectNoViolations(page, 'an unknown address');
    });

    test('a form sent after its CSRF cookie is gone comes back filled in and goes through when sent again', async ({
      page,
      context,
    }) => {
      await page.goto(pages.login[locale]);
      await waitForHydration(page);
      const main = page.getByRole('main');
      const email = main.getByRole('textbox', { name: text.email });
      const password = main.getByRole('textbox', { name: text.password, exact: true });
      await email.fill(demoCustomer.email);
      await password.fill(demoCustomer.password);
      await context.clearCookies({ name: 'csrf' });
      await main.getByRole('button', { name: text.logIn }).click();

      await expect(main.getByRole('alert')).toHaveText(text.resend);
      await expect(page).toHaveURL(pages.login[locale]);
      await expect(email).toHaveValue(demoCustomer.email);
      // Nothing happened: not logged in, and a fresh token with a fresh cookie is on the page.
      expect((await context.cookies()).some((cookie) => cookie.name === 'csrf')).toBe(true);
      await expectNoViolations(page, 'a form sent back for its expired token');

      // The password never came back from the server; the browser kept what it had typed.
      await expect(password).toHaveValue(demoCustomer.password);
      await main.getByRole('button', { name: text.logIn }).click();
      await expect(page).toHaveURL(pages.selfService[locale]);
    });

    test('without JavaScript too, a form whose CSRF cookie is gone comes back filled in', async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(pages.login[locale]);
      const main = page.getByRole('main');
      await main.getByRole('textbox', { name: text.email }).fill(demoCustomer.email);
      await main.getByRole('textbox', { name: text.password, exact: true }).fill(demoCustomer.password);
      await context.clearCookies({ name: 'csrf' });
      await main.getByRole('button', { name: text.logIn }).click();
      await expect(main.getByRole('alert')).toHaveText(text.resend);
      await expect(main.getByRole('textbox', { name: text.email })).toHaveValue(demoCustomer.email);
      // The server never sends a password back.
      await expect(main.getByRole('textbox', { name: text.password, exact: true })).toHaveValue('');
      await main.getByRole('textbox', { name: text.password, exact: true }).fill(demoCustomer.password);
      await main.getByRole('button', { name: text.logIn }).click();
      await expect(page).toHaveURL(pages.selfService[locale]);
      await context.close();
    });

    for (const javaScriptEnabled of [true, false]) {
      test(`a one-button form pressed after its CSRF cookie is gone asks to press it once more${
        javaScriptEnabled ? '' : ', without JavaScript too'
      }`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled });
        const page = await context.newPage();
        const address = `${pages.verifyEmail[locale]}?token=${'a'.repeat(43)}`;
        await page.goto(address);
        if (javaScriptEnabled) await waitForHydration(page);
        const main = page.getByRole('main');
        await context.clearCookies({ name: 'csrf' });
        await main.getByRole('button', { name: text.confirmEmail }).click();

        // Nothing happened: the same page, the button with the request beside it, never the error screen.
        await expect(main.getByRole('alert')).toHaveText(text.resend);
        await expect(page).toHaveURL(address);
        if (javaScriptEnabled) await expectNoViolations(page, 'a one-button form sent back for its expired token');
        await main.getByRole('button', { name: text.confirmEmail }).click();
        await expect(main.getByRole('alert')).toHaveText(text.linkInvalid);
        await context.close();
      });
    }

    test('after registering, the heading and the title say so and lead on to the login', async ({ page }) => {
      await page.goto(`${pages.register[locale]}?done=1`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.doneTitle);
      await expect(page).toHaveTitle(new RegExp(text.doneTitle));
      for (const viewport of widths) {
        await page.setViewportSize(viewport);
        await expect(page.getByRole('link', { name: text.loginLink })).toBeInViewport();
        await expectNoSidewaysScroll(page);
      }
      await expectNoViolations(page, 'the page after registering');
      await page.getByRole('link', { name: text.loginLink }).click();
      await expect(page).toHaveURL(pages.login[locale]);
    });

    test('the terms checkbox links the terms and the privacy statement', async ({ page, request }) => {
      await page.goto(pages.register[locale]);
      const checkbox = page.getByRole('checkbox', { name: text.terms.checkbox });
      await expect(checkbox).toBeVisible();
      const label = page.locator(`label[for="${await checkbox.getAttribute('id')}"]`);
      for (const name of text.terms.links) {
        const link = label.getByRole('link', { name, exact: true });
        await expect(link).toHaveAttribute('target', '_blank');
        const href = (await link.getAttribute('href'))!;
        expect((await request.get(href)).status(), `${href} is a page`).toBe(200);
      }
      expect(
        await label.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual(locale === 'de' ? ['/de/agb', pages.privacy.de] : ['/en/agb', pages.privacy.en]);
    });

    test('an action code recommends its tariff openly and preselects none', async ({ page }) => {
      await page.goto(`${pages.register[locale]}?actioncode=airbus`);
      await waitForHydration(page);
      await expect(page.getByText(text.recommendation)).toBeVisible();
      const tariff = page.getByRole('combobox', { name: text.tariff, exact: true });
      await expect(tariff).toHaveValue('basis');
      await expect(tariff).toHaveAccessibleDescription(text.tariffHint);
      await page.setViewportSize(widths[0]!);
      await expectNoSidewaysScroll(page);
      await expectNoViolations(page, 'a campaign’s recommendation');
    });
  });
}
