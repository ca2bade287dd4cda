import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, type Brand } from '~/config/brand';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { terminalBrands, terminalPaths } from '~/features/bike-reports/terminal-paths';
import { locales, type Locale } from '~/i18n/locales';
import { isPageOf, pageIds, pages, type PageId } from '~/i18n/route-table';
import { startAppServer, type AppServer } from '../support/app-server';
import { createVisitor, logIn, type VisitedPage, type Visitor } from '../support/visitor';

/**
 * Every button that concludes or extends a paid obligation says so, right after a summary of what is bought, its
 * price and its term (§312j(3) BGB; docs/rules/accounts.md#registration,
 * docs/rules/contract-and-cancellation.md#tariff-change, docs/rules/credit-and-payment.md#top-ups;
 * docs/decisions/0059-paid-orders-summary-before-the-button.md). Every paid-order page of the route table, on both
 * brands and in both languages, as a browser without JavaScript gets it: the registration on the site, as web view
 * (its own page and the site's page with the web-view marker) and at the station terminal, the tariff change's
 * summary and the credit page's top-up, the self-service pages with the demo customer logged in.
 */

/** The route table's paid-order pages, by the route module that renders them. */
const paidOrderPages = {
  registration: pagesRenderedBy('routes/auth/register.tsx'),
  tariffChange: pagesRenderedBy('routes/self-service/tariff-change.tsx'),
  topUp: pagesRenderedBy('routes/self-service/credit.tsx'),
};

const buttonText = {
  registration: { de: 'Kostenpflichtig registrieren', en: 'Register with obligation to pay' },
  tariffChange: { de: 'Zahlungspflichtig wechseln', en: 'Change with obligation to pay' },
  topUp: { de: 'Zahlungspflichtig aufladen', en: 'Top up with obligation to pay' },
} as const satisfies Record<keyof typeof paidOrderPages, Record<Locale, string>>;

/** What only a paid order's button says: no other button of these pages may. */
const paidWording = /kostenpflichtig|zahlungspflichtig|obligation to pay/i;

function pagesRenderedBy(file: string): PageId[] {
  const found = pageIds.filter((id) => pages[id].file === file);
  if (found.length === 0) throw new Error(`no page of the route table is rendered by ${file}`);
  return found;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text as a reader gets it: tags gone, entities decoded, every kind of space one space. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
      if (/^#x/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

interface PaidOrderButton {
  /** The summary's text, heading included. */
  summary: string;
  /** The text of the element the button is described by. */
  description: string;
}

/**
 * The one paid-order button of a page with its exact text, and the summary right before it: the last
 * `order-summary` section before the button, with nothing between the two but a form's start and hidden fields.
 */
function paidOrderButton(html: string, text: string, label: string): PaidOrderButton {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const buttons = [...main.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)];
  const paid = buttons.filter((button) => paidWording.test(textOf(button[2]!)));
  expect(
    paid.map((button) => textOf(button[2]!)),
    `${label}: the paid-order buttons`,
  ).toEqual([text]);
  const [button] = paid;
  const before = main.slice(0, button!.index);
  const start = before.lastIndexOf('<section class="order-summary"');
  expect(start, `${label}: a summary before the button`).toBeGreaterThanOrEqual(0);
  const end = before.indexOf('</section>', start) + '</section>'.length;
  const between = before
    .slice(end)
    .replace(/<form\b[^>]*>/g, '')
    .replace(/<input\b[^>]*type="hidden"[^>]*\/?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  expect(between.trim(), `${label}: nothing between the summary and the button`).toBe('');
  const summaryHtml = before.slice(start, end);
  // A region named by its heading, for screen readers' lists of landmarks and headings.
  const heading = /<(h[23])\b[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/.exec(summaryHtml);
  expect(heading, `${label}: the summary has a heading`).not.toBeNull();
  expect(summaryHtml, `${label}: the summary is named by its heading`).toMatch(
    new RegExp(`^<section [^>]*aria-labelledby="${heading![2]}"`),
  );
  // The button is described by the summary's content: a screen reader on the button hears what it orders.
  const describedBy = /\saria-describedby="([^"]+)"/.exec(button![1]!)?.[1];
  expect(describedBy, `${label}: the button is described by the summary`).toBeDefined();
  const described = new RegExp(`<(\\w+)\\b[^>]*\\sid="${describedBy}"[^>]*>([\\s\\S]*?)</\\1>`).exec(summaryHtml);
  expect(described, `${label}: #${describedBy} is in the summary`).not.toBeNull();
  const summary = textOf(summaryHtml);
  const description = textOf(described![2]!);
  expect(summary, `${label}: the button's description is the summary below its heading`).toBe(
    `${textOf(heading![3]!)} ${description}`,
  );
  return { summary, description };
}

/** The options of the page's tariff select. */
function tariffOptions(html: string): string[] {
  const select = /<select\b[^>]*name="tariffId"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option\b[^>]*value="([^"]+)"[^>]*>([\s\S]*?)<\/option>/g)].map((m) => textOf(m[2]!));
}

const registrationTexts: Record<Locale, { summary: string; brands: Record<Brand, string[]> }> = {
  de: {
    summary:
      'Deine Bestellung Du bestellst den Tarif, den du oben unter „Tarif“ gewählt hast, mit der Grundgebühr, dem Fahrpreis und der Laufzeit, die dort bei ihm stehen.',
    brands: {
      cab: [
        'Basis – Grundgebühr: 3,00 € pro Jahr; Fahrpreis: 1,00 € je angefangene 30 Minuten; ohne Mindestlaufzeit',
        'Komfort Monat – Grundgebühr: 9,00 € pro Monat; Fahrpreis: 1,00 € je angefangene 30 Minuten; monatlich kündbar',
        'Komfort Jahr – Grundgebühr: 49,00 € pro Jahr; Fahrpreis: 1,00 € je angefangene 30 Minuten; 12 Monate Erstlaufzeit',
      ],
      flinkster: ['Flex – Grundgebühr: keine; Fahrpreis: je nach Fahrzeugklasse; ohne Mindestlaufzeit'],
    },
  },
  en: {
    summary:
      'Your order You order the tariff you chose above under “Tariff”, with the base fee, ride price and term shown with it there.',
    brands: {
      cab: [
        'Basic – base fee: €3.00 per year; ride price: €1.00 per started 30 minutes; no minimum term',
        'Comfort monthly – base fee: €9.00 per month; ride price: €1.00 per started 30 minutes; cancellable monthly',
        'Comfort annual – base fee: €49.00 per year; ride price: €1.00 per started 30 minutes; 12-month first term',
      ],
      flinkster: ['Flex – base fee: none; ride price: by vehicle class; no minimum term'],
    },
  },
};

describe.each(brands)('paid-order buttons on %s', (brand) => {
  let app: AppServer;
  let customer: Visitor;

  beforeAll(async () => {
    app = await startAppServer({ CLIENT: brand, DEMO_SEED: '1' });
    customer = createVisitor();
    const login = await logIn(customer, { formFrom: app.url, email: demoEmail, password: defaultDemoPassword });
    expect(login.status, `${brand}: the demo customer logs in`).toBe(302);
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  async function get(visitor: Visitor, pathname: string): Promise<VisitedPage> {
    const page = await visitor.get(app.url + pathname);
    expect(page.status, `${brand} ${pathname}`).toBe(200);
    return page;
  }

  it('registers with a button that says it costs money, after a summary pointing at the tariff choice', async () => {
    const visitor = createVisitor();
    const ids = paidOrderPages.registration.filter((id) => isPageOf(id, brand));
    expect(ids).toEqual(['register', 'registerEmbedded']);
    for (const locale of locales) {
      const paths = [
        ...ids.map((id) => pages[id][locale]),
        // The site's page opened by an app: a web view by its marker.
        `${pages.register[locale]}?dbcembedded=1`,
        ...(terminalBrands.includes(brand) ? [terminalPaths[locale].register] : []),
      ];
      for (const pathname of paths) {
        const label = `${brand} ${pathname}`;
        const { html } = await get(visitor, pathname);
        const order = paidOrderButton(html, buttonText.registration[locale], label);
        // Without JavaScript the page cannot know which tariff is chosen now: the summary points at the choice,
        // whose options carry base fee, ride price and term.
        expect(order.summary, label).toBe(registrationTexts[locale].summary);
        expect(tariffOptions(html), label).toEqual(registrationTexts[locale].brands[brand]);
      }
    }
    if (!terminalBrands.includes(brand)) {
      for (const locale of locales) {
        expect((await visitor.get(app.url + terminalPaths[locale].register)).status).toBe(404);
      }
    }
  });

  it('tops up with a button that says it costs money, after the amount, that it is paid once and the method', async () => {
    for (const id of paidOrderPages.topUp) {
      for (const locale of locales) {
        const pathname = pages[id][locale];
        const { html } = await get(customer, pathname);
        const order = paidOrderButton(html, buttonText.topUp[locale], `${brand} ${pathname}`);
        expect(order.summary).toBe(
          locale === 'de'
            ? 'Deine Aufladung Betrag der oben gewählte Betrag Zahlung einmalig, kein Abonnement; der Betrag wird deinem Guthaben gutgeschrieben Abgebucht von SEPA-Lastschrift, DE•• •••• •••• •••• •••• 3000'
            : 'Your top-up Amount the amount chosen above Payment one-off, no subscription; the amount is added to your balance Charged to SEPA direct debit, DE•• •••• •••• •••• •••• 3000',
        );
      }
    }
  });

  it('changes the tariff in two steps: the choice orders nothing, the summary comes right before the button', async () => {
    const [id, ...others] = paidOrderPages.tariffChange;
    expect(others).toEqual([]);
    for (const locale of locales) {
      const pathname = pages[id!][locale];
      const choice = await get(customer, pathname);
      const main = /<main\b[\s\S]*<\/main>/.exec(choice.html)?.[0] ?? '';
      // No button of the choice orders anything: it leads to the summary.
      expect(textOf(main)).not.toMatch(paidWording);
      if (brand === 'flinkster') {
        // One tariff: nothing to change to.
        expect(textOf(main)).toContain(
          locale === 'de'
            ? 'Es gibt keinen anderen Tarif, in den du wechseln kannst.'
            : 'There is no other tariff you could change to.',
        );
        continue;
      }
      expect(textOf(main)).toContain(locale === 'de' ? 'Weiter zur Übersicht' : 'Continue to summary');

      // The demo customer is on komfort-monat: komfort-jahr applies at once, basis from the next month.
      for (const tariff of ['komfort-jahr', 'basis']) {
        const chosen = await customer.post(app.url + pathname, { tariffId: tariff }, choice);
        expect(chosen.status).toBe(302);
        expect(chosen.location).toBe(`${pathname}?tariff=${tariff}`);
        const review = await get(customer, chosen.location!);
        const order = paidOrderButton(review.html, buttonText.tariffChange[locale], `${brand} ${chosen.location}`);
        expect(order.summary).toMatch(tariffChangeSummary[locale][tariff]!);
      }
    }
  });

  it('orders the tariff change only as the summary showed it', async () => {
    if (brand === 'flinkster') return;
    const pathname = `${pages.tariffChange.de}?tariff=komfort-jahr`;
    const review = await get(customer, pathname);
    const key = /\sname="reviewKey" value="([^"]+)"/.exec(review.html)?.[1];
    expect(key).toBeDefined();
    const reviewKey = textOf(key!);

    // A summary of another day or tariff orders nothing, and the summary as it is now is shown again.
    const stale = await customer.post(
      app.url + pathname,
      { intent: 'confirm', tariffId: 'komfort-jahr', reviewKey: reviewKey.replace('komfort-monat>', 'basis>') },
      review,
    );
    expect(stale.status).toBe(200);
    expect(textOf(stale.html)).toContain(
      'Seit deiner Auswahl hat sich an deinem Vertrag oder am Tarif etwas geändert.',
    );
    paidOrderButton(stale.html, buttonText.tariffChange.de, `${brand} ${pathname} after a stale confirmation`);
    expect(textOf((await get(customer, pages.tariff.de)).html)).not.toContain('Komfort Jahr gilt ab sofort');

    const confirmed = await customer.post(
      app.url + pathname,
      { intent: 'confirm', tariffId: 'komfort-jahr', reviewKey },
      review,
    );
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe(`${pages.tariff.de}?changed=applied`);
    expect(textOf((await get(customer, confirmed.location!)).html)).toContain(
      'Dein neuer Tarif Komfort Jahr gilt ab sofort.',
    );
  });
});

const tariffChangeSummary: Record<Locale, Record<string, RegExp>> = {
  de: {
    'komfort-jahr':
      /^Dein Tarifwechsel Neuer Tarif Komfort Jahr Grundgebühr 49,00 € pro Jahr Fahrpreis 1,00 € je angefangene 30 Minuten\. Die ersten 30 Minuten jeder Fahrt frei \(nicht für E-Bikes\) Tageshöchstpreis 12,00 € Laufzeit 12 Monate Erstlaufzeit, danach unbefristet und mit einem Monat Frist kündbar Gilt ab sofort, ab heute \(\d\d\.\d\d\.\d{4}\); die Laufzeit des neuen Tarifs beginnt heute Bisheriger Tarif Komfort Monat$/,
    basis:
      /^Dein Tarifwechsel Neuer Tarif Basis Grundgebühr 3,00 € pro Jahr Fahrpreis 1,00 € je angefangene 30 Minuten Tageshöchstpreis 15,00 € Laufzeit keine Mindestlaufzeit; endet zum Ende des Monats der Kündigung Gilt ab 01\.\d\d\.\d{4}; bis dahin gilt dein bisheriger Tarif Bisheriger Tarif Komfort Monat$/,
  },
  en: {
    'komfort-jahr':
      /^Your tariff change New tariff Comfort annual Base fee €49\.00 per year Ride price €1\.00 per started 30 minutes\. First 30 minutes of every ride free \(not for e-bikes\) Daily cap €12\.00 Term 12 months first term, then open-ended with one month’s notice Applies from at once, from today \(.+\); the new tariff’s term starts today Current tariff Comfort monthly$/,
    basis:
      /^Your tariff change New tariff Basic Base fee €3\.00 per year Ride price €1\.00 per started 30 minutes Daily cap €15\.00 Term no minimum term; ends at the end of the month of cancellation Applies from .+; until then your current tariff applies Current tariff Comfort monthly$/,
  },
};
