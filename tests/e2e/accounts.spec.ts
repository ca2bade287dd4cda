import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import {
  csrfTokenIn,
  demoCustomer,
  linkInMail,
  newCustomer,
  readMail,
  registerByRequest,
  type NewCustomer,
} from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { startAppServer, type AppServer } from '../support/app-server';
import { expect, test, waitForHydration } from './support/test';

/** Accounts (docs/rules/accounts.md): registration, email verification, login, logout and password reset. */

const verificationBanner = 'Bitte bestätige deine E-Mail-Adresse, bevor du zum ersten Mal mietest.';
const newPassword = 'Im Herbst fahre ich lieber mit der Bahn';

const header = (page: Page) => page.getByRole('navigation', { name: 'Hauptnavigation' });

async function expectSelfServiceArea(page: Page): Promise<void> {
  await expect(page).toHaveURL(pages.selfService.de);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kundenbereich');
  await expect(page.getByRole('navigation', { name: 'Kundenbereich-Navigation' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Abmelden' })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
}

/** Asks for a reset link on the forgot-password page and sets `password` through it. */
async function resetPassword(page: Page, baseURL: string, email: string, password: string): Promise<void> {
  await page.goto(pages.login.de);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(pages.passwordResetStart.de);
  // The address changes when the navigation starts, and the login page, whose email field has the same name, stays
  // until the form's chunk is there (docs/decisions/0016-form-pages-load-their-form-later.md): typing before the new
  // heading shows went into the login form.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Wenn zu dieser E-Mail-Adresse ein Konto besteht, haben wir dir einen Link geschickt. Er gilt 60 Minuten.',
  );

  const mail = await readMail(page, email, /^Neues Passwort für /);
  const link = linkInMail(mail, 'Neues Passwort setzen', baseURL, pages.passwordResetFinish.de);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Passwort setzen');
  await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  await expect(page).toHaveURL(`${pages.login.de}?reset=1`);
  await expect(page.getByRole('status')).toHaveText(
    'Dein Passwort wurde geändert. Bitte melde dich mit dem neuen Passwort an.',
  );
}

test.describe('with JavaScript', () => {
  test('the registration page has no accessibility violations', async ({ page }) => {
    await page.goto(pages.register.de);
    await waitForHydration(page);
    await expectNoViolations(page, 'the empty form');

    // The open suggestion list of the address combobox is part of the page too.
    await page.getByRole('combobox', { name: 'Adresse' }).pressSequentially('Alexanderplatz');
    await expect(page.getByRole('listbox', { name: 'Adressvorschläge' })).toBeVisible();
    await expectNoViolations(page, 'the open address suggestions');
  });

  test('a visitor registers using the keyboard for the address, confirms the email, logs out, resets the password and logs in with it', async ({
    page,
    baseURL,
  }) => {
    // Registration, confirmation, logout, reset and two logins in one journey.
    test.setTimeout(90_000);
    const customer = newCustomer();

    await test.step('register', async () => {
      await page.goto(pages.register.de);
      await waitForHydration(page);
      await fillRegistration(page, customer);
      // Right before the button, which says that the order costs money, the summary of the chosen tariff
      // (docs/rules/accounts.md#registration); the button is described by it.
      const summary = page.getByRole('region', { name: 'Deine Bestellung' });
      await expect(summary.getByRole('definition')).toHaveText([
        'Komfort Monat',
        /^9,00\s€ pro Monat$/,
        /^1,00\s€ je angefangene 30 Minuten\. Die ersten 30 Minuten jeder Fahrt frei/,
        /^12,00\s€$/,
        'monatlich, jederzeit zum Monatsende kündbar',
      ]);
      const submit = page.getByRole('button', { name: 'Kostenpflichtig registrieren' });
      await expect(submit).toHaveAccessibleDescription(/Komfort Monat.*9,00\s€ pro Monat.*monatlich/);
      await submit.click();

      await expect(page).toHaveURL(`${pages.register.de}?done=1`);
      await expect(page.getByRole('main').getByRole('status')).toHaveText(
        'Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine E-Mail-Adresse über den Link darin und melde dich danach an.',
      );
      // Registration logs nobody in: a session only for a new address would tell which addresses
      // have an account. The customer logs in like everyone, and is reminded to confirm the address.
      await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible();
      await page.goto(pages.selfService.de);
      await expect(page).toHaveURL(`${pages.login.de}?redirectTo=${encodeURIComponent(pages.selfService.de)}`);
      await waitForHydration(page);
      await logIn(page, customer.email, customer.password);
      await expectSelfServiceArea(page);
      await expect(page.getByRole('region', { name: verificationBanner })).toBeVisible();
    });

    await test.step('confirm the email address with the link from the mail', async () => {
      const mail = await readMail(page, customer.email, /^Bitte bestätige deine E-Mail-Adresse/);
      expect(mail).toContain(`Hallo ${customer.firstName},`);
      const link = linkInMail(mail, 'E-Mail-Adresse bestätigen', baseURL!, pages.verifyEmail.de);
      await page.goto(link);
      await waitForHydration(page);
      await expect(page.getByRole('region', { name: verificationBanner })).toBeVisible();
      // The link alone confirms nothing (mail scanners open links); the button does.
      await page.getByRole('main').getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();

      await expect(page.getByRole('main').getByRole('status')).toContainText(
        'Danke! Deine E-Mail-Adresse ist bestätigt.',
      );
      await expect(page.getByRole('region', { name: verificationBanner })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-Mail-Adresse bestätigen');
      await expect(page.getByRole('region', { name: verificationBanner })).toHaveCount(0);
    });

    await test.step('log out in the header', async () => {
      await waitForHydration(page);
      await header(page).getByRole('button', { name: 'Abmelden' }).click();
      await expect(page).toHaveURL(`${pages.login.de}?loggedOut=1`);
      await expect(page.getByRole('status')).toHaveText('Du hast dich abgemeldet.');
      await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible();
      // The session ended on the server: the self-service area asks for a login again.
      await page.goto(pages.selfService.de);
      await expect(page).toHaveURL(`${pages.login.de}?redirectTo=${encodeURIComponent(pages.selfService.de)}`);
    });

    await test.step('reset the password and log in with the new one', async () => {
      await resetPassword(page, baseURL!, customer.email, newPassword);
      await waitForHydration(page);
      await logIn(page, customer.email, customer.password);
      await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort stimmen nicht.');
      // The form keeps what was typed but the password, as a page rendered without JavaScript does.
      await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(customer.email);
      await expect(page.getByRole('textbox', { name: 'Passwort', exact: true })).toHaveValue('');
      await logIn(page, customer.email, newPassword);
      await expectSelfServiceArea(page);
      // Confirmed before: no reminder any more.
      await expect(page.getByRole('region', { name: verificationBanner })).toHaveCount(0);
    });
  });
});

/** Every required field of the registration form, the address picked from the suggestions by keyboard. */
async function fillRegistration(page: Page, customer: NewCustomer): Promise<void> {
  await page.getByRole('combobox', { name: 'Anrede' }).selectOption({ label: 'Frau' });
  await page.getByRole('textbox', { name: 'Vorname' }).fill(customer.firstName);
  await page.getByRole('textbox', { name: 'Nachname' }).fill(customer.lastName);
  const birthDate = page.getByRole('textbox', { name: 'Geburtsdatum' });
  // The input mask 99.99.9999 puts in the dots.
  await birthDate.pressSequentially(customer.birthDate.replaceAll('.', ''));
  await expect(birthDate).toHaveValue(customer.birthDate);

  const phone = page.getByRole('group', { name: 'Mobilfunknummer' });
  await phone.getByRole('combobox', { name: 'Land und Vorwahl' }).selectOption('DE');
  await phone.getByRole('textbox', { name: 'Mobilfunknummer' }).fill(customer.phone);

  const address = page.getByRole('combobox', { name: 'Adresse' });
  const suggestions = page.getByRole('listbox', { name: 'Adressvorschläge' }).getByRole('option');
  // Typing asks for suggestions 200 ms after the last keystroke; the answer to the whole text counts.
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === 'Alexanderpl' && response.ok(),
  );
  await address.pressSequentially('Alexanderpl');
  await answered;
  await expect(address).toHaveAttribute('aria-expanded', 'true');
  await expect(suggestions).toHaveCount(6);
  await expect(suggestions.first()).toHaveText('Alexanderplatz 1 10178 Berlin');
  await expect(page.getByRole('status').filter({ hasText: 'Vorschläge' })).toHaveText(
    '6 Vorschläge. Mit den Pfeiltasten auswählen, mit Enter übernehmen.',
  );
  await address.press('ArrowDown');
  await address.press('ArrowDown');
  const second = suggestions.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(address).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
  await address.press('Enter');
  await expect(address).toHaveValue(customer.address);
  await expect(address).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'Adresse übernommen' })).toHaveText(
    `Adresse übernommen: ${customer.address}`,
  );

  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(customer.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(customer.password);
  await page.getByRole('combobox', { name: 'Tarif' }).selectOption({
    label:
      'Komfort Monat – Grundgebühr: 9,00 € pro Monat; Fahrpreis: 1,00 € je angefangene 30 Minuten; monatlich kündbar',
  });
  await page
    .getByRole('checkbox', { name: 'Ich akzeptiere die AGB und habe die Datenschutzerklärung gelesen.' })
    .check();

  // Every field is valid: no message anywhere.
  await expect(page.getByRole('main').locator('[aria-invalid="true"]')).toHaveCount(0);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the demo customer logs in and out', async ({ page }) => {
    await page.goto(pages.selfService.de);
    // The self-service area sends to the login and back.
    await expect(page).toHaveURL(`${pages.login.de}?redirectTo=${encodeURIComponent(pages.selfService.de)}`);

    await logIn(page, demoCustomer.email, demoCustomer.password);
    await expectSelfServiceArea(page);

    await header(page).getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(`${pages.login.de}?loggedOut=1`);
    await expect(page.getByRole('status')).toHaveText('Du hast dich abgemeldet.');
    await expect(header(page).getByRole('link', { name: 'Anmelden' })).toBeVisible();
  });

  test('a customer resets the password, the link works once, and only the new password logs in', async ({
    page,
    request,
    baseURL,
  }) => {
    // A fresh account (registered apart from the browser): resetting changes the password, which no
    // other test may notice.
    const customer = newCustomer();
    await registerByRequest(request, customer);

    await resetPassword(page, baseURL!, customer.email, newPassword);

    await logIn(page, customer.email, customer.password);
    await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort stimmen nicht.');
    await logIn(page, customer.email, newPassword);
    await expectSelfServiceArea(page);

    // The link is single use.
    const mail = await readMail(page, customer.email, /^Neues Passwort für /);
    await page.goto(linkInMail(mail, 'Neues Passwort setzen', baseURL!, pages.passwordResetFinish.de));
    await expect(page.getByRole('alert')).toContainText('Dieser Link wurde bereits verwendet.');
  });

  test('asking for a reset for an unknown address gives the same answer and sends no mail', async ({ page }) => {
    const email = newCustomer().email;
    await page.goto(pages.passwordResetStart.de);
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByRole('button', { name: 'Link anfordern' }).click();
    await expect(page.getByRole('status')).toHaveText(
      'Wenn zu dieser E-Mail-Adresse ein Konto besteht, haben wir dir einen Link geschickt. Er gilt 60 Minuten.',
    );
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mailbox (development)');
    await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  });
});

test.describe('CSRF protection', () => {
  test('a POST without a valid CSRF token is refused with 403 and changes nothing', async ({ request }) => {
    const form = { email: demoCustomer.email, password: demoCustomer.password };
    const token = csrfTokenIn(await (await request.get(pages.login.de)).text());

    const withoutToken = await request.post(pages.login.de, { form, maxRedirects: 0 });
    expect(withoutToken.status()).toBe(403);
    expect(withoutToken.headers()['set-cookie'] ?? '').not.toContain('session');

    const forgedToken = await request.post(pages.login.de, {
      form: { ...form, csrf: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
      maxRedirects: 0,
    });
    expect(forgedToken.status()).toBe(403);

    // A valid token sent from another site is refused too: by our check when the browser says so,
    // and by React Router's own origin check (400) when the Origin header names another site.
    const crossSite = await request.post(pages.login.de, {
      form: { ...form, csrf: token },
      headers: { 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    const foreignOrigin = await request.post(pages.login.de, {
      form: { ...form, csrf: token },
      headers: { origin: 'https://attacker.example' },
      maxRedirects: 0,
    });
    expect([400, 403]).toContain(foreignOrigin.status());

    // The same request with the page's token goes through: the refusals above were about the token.
    const valid = await request.post(pages.login.de, { form: { ...form, csrf: token }, maxRedirects: 0 });
    expect(valid.status()).toBe(302);
    expect(valid.headers().location).toBe(pages.selfService.de);
  });

  test('a token from before the login stops working with the login; the pages after it carry a new one', async ({
    request,
  }) => {
    const beforeLogin = csrfTokenIn(await (await request.get(pages.login.de)).text());
    const login = await request.post(pages.login.de, {
      form: { ...demoCustomer, csrf: beforeLogin },
      maxRedirects: 0,
    });
    expect(login.status(), 'the login form works without a session').toBe(302);

    const stale = await request.post('/resources/logout', {
      form: { locale: 'de', csrf: beforeLogin },
      maxRedirects: 0,
    });
    expect(stale.status()).toBe(403);

    const inSession = csrfTokenIn(await (await request.get(pages.data.de)).text());
    expect(inSession).not.toBe(beforeLogin);
    const logout = await request.post('/resources/logout', {
      form: { locale: 'de', csrf: inSession },
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(302);
    // The session's token ends with the session.
    const afterLogout = await request.post(pages.login.de, {
      form: { ...demoCustomer, csrf: inSession },
      maxRedirects: 0,
    });
    expect(afterLogout.status()).toBe(403);
  });

  test('a logout without a valid CSRF token is refused and the session stays', async ({ page }) => {
    await page.goto(pages.login.de);
    await logIn(page, demoCustomer.email, demoCustomer.password);
    await expectSelfServiceArea(page);

    const response = await page.request.post('/resources/logout', { form: { locale: 'de' }, maxRedirects: 0 });
    expect(response.status()).toBe(403);

    await page.reload();
    await expectSelfServiceArea(page);
  });
});

/** The public address of a deployment whose proxy ends TLS and talks plain HTTP to the app. */
const publicHost = 'kunden.example.test';

const testBehindTlsProxy = test.extend<object, { app: AppServer }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, provide) => {
      // A public address gets the demo customer only when asked for (docs/decisions/0021).
      const server = await startAppServer({ PUBLIC_URL: `https://${publicHost}`, DEMO_SEED: '1' });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

testBehindTlsProxy('behind a proxy that ends TLS, the login form is accepted', async ({ request }) => {
  // What the proxy passes on of the browser's requests to https://kunden.example.test.
  const proxied = { host: publicHost, origin: `https://${publicHost}` };
  const form = await request.get(pages.login.de, { headers: proxied });
  expect(form.status()).toBe(200);
  const csrfCookie = form
    .headersArray()
    .find(({ name, value }) => name.toLowerCase() === 'set-cookie' && value.startsWith('__Host-csrf='))?.value;
  expect(csrfCookie, 'a Secure, host-only CSRF cookie').toMatch(/; Path=\/;.*; Secure$/);

  const login = await request.post(pages.login.de, {
    headers: { ...proxied, cookie: csrfCookie!.split(';')[0]! },
    form: { csrf: csrfTokenIn(await form.text()), ...demoCustomer },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  expect(login.headers().location).toBe(pages.selfService.de);
  expect(login.headers()['set-cookie']).toMatch(/^__Host-sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; .*Secure$/);
});
