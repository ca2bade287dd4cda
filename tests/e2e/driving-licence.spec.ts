import type { Page } from '@playwright/test';
import { pages } from '../../app/i18n/route-table';
import { logInByRequest, newCustomer, type NewCustomer } from './support/accounts';
import { expectNoViolations } from './support/accessibility';
import { startAppServer } from '../support/app-server';
import { expect, test as base, waitForHydration } from './support/test';

/**
 * The driving licence of car sharing (docs/rules/accounts.md#driving-licence): a flinkster build asks for it at
 * registration and shows its state under "Meine Daten", on a phone (320 px) and a laptop (1280 px).
 */

const test = base.extend({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this pattern
    async ({}, provide) => {
      const server = await startAppServer({ CLIENT: 'flinkster' });
      await provide(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

// In order, in one worker: both tests share the worker's flinkster server.
test.describe.configure({ mode: 'default' });

/** The fields every registration has, the address picked from the suggestions. */
async function fillAccountFields(page: Page, customer: NewCustomer): Promise<void> {
  await page.getByRole('combobox', { name: 'Anrede' }).selectOption({ label: 'Frau' });
  await page.getByRole('textbox', { name: 'Vorname' }).fill(customer.firstName);
  await page.getByRole('textbox', { name: 'Nachname' }).fill(customer.lastName);
  await page.getByRole('textbox', { name: 'Geburtsdatum' }).pressSequentially(customer.birthDate.replaceAll('.', ''));
  const phone = page.getByRole('group', { name: 'Mobilfunknummer' });
  await phone.getByRole('combobox', { name: 'Land und Vorwahl' }).selectOption('DE');
  await phone.getByRole('textbox', { name: 'Mobilfunknummer' }).fill(customer.phone);
  const address = page.getByRole('combobox', { name: 'Adresse' });
  await address.pressSequentially('Alexanderplatz 3');
  await page.getByRole('option', { name: customer.address }).click();
  await expect(address).toHaveValue(customer.address);
  await page.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill(customer.email);
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(customer.password);
  await page.getByRole('combobox', { name: 'Tarif' }).selectOption({ index: 1 });
  await page
    .getByRole('checkbox', { name: 'Ich akzeptiere die AGB und habe die Datenschutzerklärung gelesen.' })
    .check();
}

for (const width of [320, 1280]) {
  test(`registers with a driving licence and sees it being checked under "Meine Daten" at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const customer = newCustomer();

    await page.goto(pages.register.de);
    await waitForHydration(page);
    const licence = page.getByRole('group', { name: 'Führerschein' });
    await expect(licence).toBeVisible();
    await fillAccountFields(page, customer);

    // The sandbox leaves a number ending in 99 to staff: it stays pending whenever the verification job runs.
    await licence.getByRole('textbox', { name: 'Führerscheinnummer' }).fill('b072 rre2 i99');
    await licence.getByRole('combobox', { name: 'Ausstellungsland' }).selectOption({ label: 'Deutschland' });
    // Issued yesterday: too recent, and the message is next to the field, announced with it.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const issued = licence.getByRole('textbox', { name: 'Ausstellungsdatum' });
    await issued.pressSequentially(
      `${String(yesterday.getDate()).padStart(2, '0')}${String(yesterday.getMonth() + 1).padStart(2, '0')}${yesterday.getFullYear()}`,
    );
    await issued.blur();
    await expect(issued).toHaveAttribute('aria-invalid', 'true');
    const message = 'Dein Führerschein muss seit mindestens einem Jahr ausgestellt sein.';
    await expect(licence.getByText(message)).toBeVisible();
    const describedBy = (await issued.getAttribute('aria-describedby'))!.split(' ');
    await expect(page.locator(`[id="${describedBy[0]}"]`)).toHaveText(message);
    await expectNoViolations(page, `the licence fieldset with a message at ${width} px`);

    await issued.fill('');
    await issued.pressSequentially('01062010');
    await expect(issued).toHaveValue('01.06.2010');
    await page.getByRole('button', { name: 'Kostenpflichtig registrieren' }).click();
    await expect(page).toHaveURL(`${pages.register.de}?done=1`);

    await logInByRequest(page.request, customer);
    await page.goto(pages.data.de);
    const section = page.getByRole('region', { name: 'Führerschein' });
    await expect(section).toBeVisible();
    await expect(section.getByTestId('licence-state')).toHaveText('Wird geprüft');
    await expect(section.getByText('B072RRE2I99')).toBeVisible();
    await expect(section.getByText('Deutschland')).toBeVisible();
    // Pending: nothing to correct.
    await expect(section.getByRole('link', { name: 'Führerschein korrigieren' })).toHaveCount(0);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(width);
    await expectNoViolations(page, `the licence on the personal-data page at ${width} px`);
  });
}
