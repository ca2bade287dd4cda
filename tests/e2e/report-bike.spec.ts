import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addressSuggestionsPath } from '../../app/shared/geocoding/suggestions';
import { pages } from '../../app/i18n/route-table';
import { csrfTokenIn, demoCustomer, readMail } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { expect, test, waitForHydration } from './support/test';

/** Bike reports (docs/rules/bike-reports.md): found, lost or stolen, damaged; a reference on the page and by mail. */

const referencePattern = /^R-\d{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$/;

/** A finder's address no other test uses, so that the mailbox shows this test's mail. */
const finderEmail = () => `finder-${randomUUID()}@example.com`;

async function confirmationReference(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Danke für deine Meldung!');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  const reference = (await page.locator('.report-reference strong').innerText()).trim();
  expect(reference).toMatch(referencePattern);
  return reference;
}

test.describe('with the browser position', () => {
  test.use({ geolocation: { latitude: 52.52, longitude: 13.405, accuracy: 12 }, permissions: ['geolocation'] });

  test('a visitor who is not logged in reports a found bike at their position and gets the reference by mail', async ({
    page,
    browserErrors,
  }) => {
    const email = finderEmail();
    await page.goto(pages.reportBike.de);
    await waitForHydration(page);

    const kinds = page.getByRole('group', { name: 'Was möchtest du melden?' });
    await kinds.getByRole('radio', { name: 'Ich habe ein Rad gefunden' }).check();
    // The mask keeps only digits, six at most.
    const bikeNumber = page.getByRole('textbox', { name: 'Radnummer' });
    await bikeNumber.pressSequentially('12a345');
    await expect(bikeNumber).toHaveValue('12345');

    const location = page.getByRole('group', { name: 'Wo steht das Rad?' });
    await location.getByRole('button', { name: 'Meinen Standort verwenden' }).click();
    await expect(location.getByText('Standort übernommen: 52.52000, 13.40500 (auf etwa 12 m genau)')).toBeVisible();

    await page.getByRole('textbox', { name: 'Beschreibung' }).fill('Lehnt am Zaun vor dem Eingang.');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await expect(page.getByRole('main').locator('[aria-invalid="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Meldung absenden' }).click();

    const reference = await confirmationReference(page);
    await expect(
      page.getByText('Wir haben dir die Referenznummer auch per E-Mail geschickt.', { exact: false }),
    ).toBeVisible();

    const mail = await readMail(page, email, new RegExp(`Deine Meldung ${reference}`));
    expect(mail).toContain(`Deine Referenznummer: ${reference}.`);
    expect(mail).toContain('Art der Meldung: Rad gefunden');
    expect(mail).toContain('Radnummer: 12345');
    expect(mail).toContain('Ort: Standort des Geräts: 52.52000, 13.40500');
    // The service team got its copy too.
    await readMail(page, 'service@callabike.example', new RegExp(`\\[${reference}\\] Rad gefunden: Rad 12345`));
    expect(browserErrors).toEqual([]);
  });
});

test.describe('without permission for the position', () => {
  test.use({ permissions: [] });

  test('a refused position says so and leaves the address as the way to say where', async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto(pages.reportBike.en);
    await waitForHydration(page);

    const location = page.getByRole('group', { name: 'Where is the bike?' });
    await location.getByRole('button', { name: 'Use my position' }).click();
    await expect(location.getByText('You did not allow access to your position.', { exact: false })).toBeVisible();
    await expect(page.locator('input[name="position.lat"]')).toHaveValue('');

    // Sending without any location asks for one, next to the place to give it.
    await page.getByRole('radio', { name: 'A bike is damaged' }).check();
    await page.getByRole('textbox', { name: 'Bike number' }).fill('4711');
    await page.getByRole('textbox', { name: 'Email address' }).fill(finderEmail());
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect(location.getByText('Please tell us where the bike is', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(pages.reportBike.en);
    await expectNoViolations(page, 'the form with its messages');
  });
});

test('"my bike is lost or stolen" asks a visitor to log in, and the server refuses it without a login', async ({
  page,
  request,
}) => {
  await page.goto(pages.reportBike.de);
  await waitForHydration(page);
  const login = page.getByRole('link', { name: 'Anmelden, um ein verlorenes oder gestohlenes Rad zu melden' });
  const back = `${pages.reportBike.de}?kind=lost`;
  await expect(login).toHaveAttribute('href', `${pages.login.de}?${new URLSearchParams({ redirectTo: back })}`);

  // A form sent anyway (no JavaScript, or a forged one) is refused by the server.
  const form = await request.get(pages.reportBike.de);
  const refused = await request.post(pages.reportBike.de, {
    form: {
      csrf: csrfTokenIn(await form.text()),
      kind: 'lost',
      bikeNumber: '12345',
      'address.text': 'Alexanderplatz 3 10178 Berlin',
      seenDate: '01.01.2026',
      seenTime: '10:00',
      email: finderEmail(),
    },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(200);
  expect(await refused.text()).toContain('Bitte melde dich an, um ein verlorenes oder gestohlenes Rad zu melden.');

  // Logged in, the customer comes back with the kind chosen and their contact data filled in.
  await login.click();
  // The report form has an email field too: fill in the login form's, once it is there.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(demoCustomer.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(demoCustomer.password);
  await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(back);
  await expect(page.getByRole('radio', { name: 'Mein Rad ist verloren gegangen oder wurde gestohlen' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(demoCustomer.email);
  await expect(page.getByRole('link', { name: 'Anmelden, um ein verlorenes' })).toHaveCount(0);
});

test('a suggestion highlighted by arrow key stays highlighted when a later answer still offers it', async ({
  page,
}) => {
  // The answer for the last letter comes late: by then the user has gone down the list shown for the
  // letters before it.
  await page.route(`**${addressSuggestionsPath}?q=Alexanderpl`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.goto(pages.reportBike.de);
  await waitForHydration(page);
  const address = page.getByRole('combobox', { name: 'Adresse in der Nähe' });
  const listbox = page.getByRole('listbox', { name: 'Adressvorschläge' });
  await address.fill('Alexanderp');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  const late = page.waitForResponse(`**${addressSuggestionsPath}?q=Alexanderpl`);
  await address.press('l');
  await address.press('ArrowDown');
  const highlighted = await listbox.getByRole('option', { selected: true }).innerText();
  await late;
  await expect(listbox.getByRole('option', { selected: true })).toHaveText(highlighted);
  await address.press('Enter');
  await expect(address).toHaveValue(highlighted);
  await expect(address).toHaveAttribute('aria-expanded', 'false');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a report works: the typed address is offered as choices, input is kept, the reference shows', async ({
    page,
  }) => {
    const email = finderEmail();
    await page.goto(pages.reportBike.de);
    await expect(page.getByRole('button', { name: 'Meinen Standort verwenden' })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Ein Rad ist beschädigt' }).check();
    await page.getByRole('textbox', { name: 'Radnummer' }).fill('987654');
    await page.getByRole('textbox', { name: 'Adresse in der Nähe' }).fill('Alexanderpl');
    await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(email);
    await page.getByRole('button', { name: 'Meldung absenden' }).click();

    // The server's answer: suggestions to pick from, everything typed still there.
    await expect(page.getByText('Bitte wähle deine Adresse aus den Vorschlägen aus.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Ein Rad ist beschädigt' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Radnummer' })).toHaveValue('987654');
    await expect(page.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue(email);
    await page.getByRole('radio', { name: 'Alexanderplatz 3 10178 Berlin' }).check();
    await page.getByRole('button', { name: 'Meldung absenden' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Danke für deine Meldung!');
    const reference = (await page.locator('.report-reference strong').innerText()).trim();
    expect(reference).toMatch(referencePattern);
    const mail = await readMail(page, email, new RegExp(reference));
    expect(mail).toContain('Ort: Alexanderplatz 3 10178 Berlin');
  });
});
