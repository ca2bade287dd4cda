import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandProfiles, brands, type Brand } from '~/config/brand';
import { defaultDemoPassword, demoEmail } from '~/db/seed/demo.server';
import { locales, type Locale } from '~/i18n/locales';
import { pageIdsOf, pages, type PageId } from '~/i18n/route-table';
import {
  cancellationConfirmationMail,
  cancellationNoticeMail,
  cancellationWithdrawnMail,
  tariffChangeMail,
} from '~/features/contract/contract-mails';
import { renderPaymentMail } from '~/features/payment/payment-mails';
import { renderPersonalDataMail } from '~/features/personal-data/mails';
import { renderMail, type RenderedMail } from '~/shared/mail/templates';
import { startAppServer, type AppServer } from '../support/app-server';
import { startSmtpServer } from '../support/smtp-server';
import { createVisitor, logIn, type Visitor } from '../support/visitor';
import { otherBrandWords, wordsOf } from '../support/brand-words';

/**
 * No page and no mail of one brand speaks of the other brand's vehicle or name
 * (docs/rules/general.md#brands): every page the brand offers (`pageIdsOf`) in both languages,
 * the self-service pages with the demo customer logged in, read as a visitor and a search engine
 * read them: the visible text, the title, the meta description and the alternative texts. The
 * mails go through a real SMTP server, so their sender is the one the brand profile names.
 */

interface ReadPage {
  label: string;
  title: string;
  words: string;
}

interface SentMail {
  label: string;
  from: string;
  words: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** What a reader gets of a server-rendered page: title, description, alternative texts and the visible text. */
function readableText(html: string): { title: string; words: string } {
  const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  const description = [...html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((m) => m[1]);
  const alts = [...html.matchAll(/<img\b[^>]*\salt="([^"]*)"/g)].map((m) => m[1]);
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html)
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return { title, words: decodeEntities([title, ...description, ...alts, body].join('\n')).replace(/\s+/g, ' ') };
}

/** A mail's text as the recipient reads it: quoted-printable and encoded headers undone. */
function mailText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  let text: string;
  try {
    text = decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    text = unfolded;
  }
  return text.replace(/=\?utf-8\?Q\?([^?]*)\?=/gi, (_, encoded: string) => encoded.replace(/_/g, ' '));
}

function fromHeader(raw: string): string {
  return /^From: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
}

async function readEveryPage(app: AppServer, brand: Brand): Promise<ReadPage[]> {
  const read: ReadPage[] = [];
  const visit = async (visitor: Visitor, id: PageId, locale: Locale) => {
    let pathname: string = pages[id][locale];
    let page = await visitor.get(app.url + pathname);
    // A page the brand sends elsewhere (the report web view of cab) is read where it leads.
    if (page.status === 302 && page.location?.startsWith('/')) {
      pathname = page.location;
      page = await visitor.get(app.url + pathname);
    }
    expect(page.status, `${brand} ${pathname}`).toBe(200);
    read.push({ label: `${brand} ${id} ${pathname}`, ...readableText(page.html) });
  };
  const anonymous = createVisitor();
  const customer = createVisitor();
  const login = await logIn(customer, { formFrom: app.url, email: demoEmail, password: defaultDemoPassword });
  expect(login.status, `${brand}: the demo customer logs in`).toBe(302);
  for (const id of pageIdsOf(brand)) {
    const loggedIn = (pages[id].middleware as readonly string[]).includes('auth');
    for (const locale of locales) await visit(loggedIn ? customer : anonymous, id, locale);
  }
  return read;
}

/** Asks for a password reset link in each language: a mail the brand sends to the demo customer. */
async function requestMails(app: AppServer): Promise<void> {
  for (const locale of locales) {
    const visitor = createVisitor();
    const path = pages.passwordResetStart[locale];
    const form = await visitor.get(app.url + path);
    const sent = await visitor.post(app.url + path, { email: demoEmail }, form);
    expect(sent.status).toBe(302);
  }
}

describe('brand wording', () => {
  const servers: { stop(): Promise<unknown> }[] = [];
  const read = new Map<Brand, ReadPage[]>();
  const mails = new Map<Brand, SentMail[]>();

  beforeAll(async () => {
    for (const brand of brands) {
      const smtp = await startSmtpServer();
      servers.push({ stop: smtp.close });
      const app = await startAppServer({ CLIENT: brand, DEMO_SEED: '1', SMTP_URL: smtp.url });
      servers.push(app);
      read.set(brand, await readEveryPage(app, brand));
      await requestMails(app);
      // The outbox worker sends within a few seconds; the test waits for the mails, not for a time.
      while (smtp.received.length < locales.length) await new Promise((resolve) => setTimeout(resolve, 200));
      mails.set(
        brand,
        smtp.received.map((mail, index) => ({
          label: `${brand} mail ${index + 1} to ${mail.to.join(', ')}`,
          from: fromHeader(mail.raw),
          words: mailText(mail.raw),
        })),
      );
    }
  }, 600_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('reads every page the brand offers, in both languages', () => {
    for (const brand of brands) {
      expect(read.get(brand)?.length, brand).toBe(pageIdsOf(brand).length * locales.length);
    }
  });

  for (const brand of brands) {
    it(`shows no word of the other brand on any page of ${brand}`, () => {
      const found = (read.get(brand) ?? []).flatMap((page) =>
        wordsOf(page.words, otherBrandWords(brand)).map((word) => `${page.label}: "${word}"`),
      );
      expect(found).toEqual([]);
    });

    it(`names ${brand} in every page title`, () => {
      const { name } = brandProfiles[brand];
      const unbranded = (read.get(brand) ?? []).filter((page) => !page.title.endsWith(` – ${name}`));
      expect(unbranded.map((page) => `${page.label}: "${page.title}"`)).toEqual([]);
    });

    it(`sends ${brand}'s mails from the brand profile's sender, in the brand's words`, () => {
      const sender = brandProfiles[brand].mailSender;
      const sent = mails.get(brand) ?? [];
      expect(sent.length).toBe(locales.length);
      for (const mail of sent) {
        // Nodemailer quotes the name only where it must.
        expect(mail.from.replace(/"/g, ''), mail.label).toBe(`${sender.name} <${sender.address}>`);
        expect(wordsOf(mail.words, otherBrandWords(brand)), mail.label).toEqual([]);
        expect(mail.words, mail.label).toContain(brandProfiles[brand].name);
      }
    });
  }
});

/** Every mail the account, contract, payment and personal-data flows send, rendered in one language of one brand. */
function everyMail(brand: Brand, locale: Locale): RenderedMail[] {
  const profile = brandProfiles[brand];
  const url = 'https://kunden.example.com/link';
  const firstName = 'Erika';
  const tariff = { nameDe: 'Tarif', nameEn: 'Tariff' };
  return [
    renderMail({ kind: 'verify-email', firstName, url }, locale, profile),
    renderMail({ kind: 'already-registered', loginUrl: url, resetUrl: url }, locale, profile),
    renderMail({ kind: 'reset-password', url }, locale, profile),
    cancellationConfirmationMail(
      {
        reference: 'K-2026-ABC234',
        receivedAt: '2026-11-24T10:00:00.000Z',
        kind: 'ordinary',
        reason: null,
        name: 'Erika Muster',
        identifier: '100001',
        contractLabel: 'Kundenvertrag',
        requestedEndDate: null,
        effectiveEndDate: '2026-11-30',
        adjusted: false,
        confirmationEmail: 'erika@example.com',
      },
      locale,
      profile,
    ),
    cancellationNoticeMail(
      {
        firstName,
        reference: 'K-2026-ABC234',
        receivedAt: '2026-11-24T10:00:00.000Z',
        confirmationEmail: 'e***@example.com',
        endDate: '2026-11-30',
        adjusted: false,
      },
      url,
      locale,
      profile,
    ),
    cancellationWithdrawnMail({ firstName, withdrawnAt: '2026-11-24T10:00:00.000Z' }, locale, profile),
    tariffChangeMail(
      { firstName, from: tariff, to: tariff, effectiveDate: '2026-12-01', applied: false },
      locale,
      profile,
    ),
    renderPaymentMail(
      {
        kind: 'sepa-mandate',
        firstName,
        accountHolder: 'Erika Muster',
        maskedIban: '•••• 3000',
        mandateReference: '100001-1',
        creditorId: 'DE98ZZZ09999999999',
        signedAt: '2026-11-24T10:00:00.000Z',
      },
      locale,
      profile,
    ),
    renderPaymentMail({ kind: 'payment-method-changed', firstName, label: 'PayPal' }, locale, profile),
    renderPersonalDataMail(
      { kind: 'email-change-confirm', firstName, newEmail: 'neu@example.com', url },
      locale,
      profile,
    ),
    renderPersonalDataMail(
      { kind: 'email-change-notice', firstName, maskedNewEmail: 'n***@example.com' },
      locale,
      profile,
    ),
    renderPersonalDataMail({ kind: 'email-change-taken', loginUrl: url, resetUrl: url }, locale, profile),
    renderPersonalDataMail({ kind: 'phone-changed', firstName, phone: '+49 151 23456789' }, locale, profile),
    renderPersonalDataMail({ kind: 'password-changed', firstName, resetUrl: url }, locale, profile),
    renderPersonalDataMail({ kind: 'deletion-requested', firstName, customerNumber: '100001' }, locale, profile),
  ];
}

describe('brand words', () => {
  it('match whole words only, umlauts and hyphens included', () => {
    expect(wordsOf('Radius, Fahrradständer und Grad', ['Rad', 'Fahrrad'])).toEqual([]);
    expect(wordsOf('Ein Rad melden.', ['Rad', 'Rad melden'])).toEqual(['Rad', 'Rad melden']);
    expect(wordsOf('E-Bike-Zuschlag', ['E-Bike', 'Bike'])).toEqual(['E-Bike', 'Bike']);
    expect(wordsOf('Carsharing; credit card; Autos', ['car', 'Auto'])).toEqual([]);
  });
});

describe('brand wording of the mails', () => {
  for (const brand of brands) {
    it(`writes every mail of ${brand} without a word of the other brand`, () => {
      const found = locales.flatMap((locale) =>
        everyMail(brand, locale).flatMap((mail) =>
          wordsOf([mail.subject, mail.text, readableText(mail.html).words].join('\n'), otherBrandWords(brand)).map(
            (word) => `${brand} ${locale} ${mail.kind}: "${word}"`,
          ),
        ),
      );
      expect(found).toEqual([]);
    });
  }
});
