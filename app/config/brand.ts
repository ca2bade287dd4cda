/**
 * The two brands one build can serve; `CLIENT` picks one at start-up. Each brand's profile is the one
 * place its name, look, assets, page titles, mail sender and wording come from
 * (docs/rules/general.md#brands, docs/decisions/0030-brand-profile.md). Colours are chosen for at
 * least 4.5:1 contrast on white (WCAG 2.1 AA).
 */
export const brands = ['cab', 'flinkster'] as const;
export type Brand = (typeof brands)[number];

/** The brand of a document rendered before the configuration is known (an error in the root loader). */
export const fallbackBrand: Brand = 'cab';

export interface MailSender {
  /** The From name, e.g. "Call a Bike Kundenservice". */
  name: string;
  address: string;
}

export interface BrandProfile {
  id: Brand;
  name: string;
  /** Primary colour: buttons, links, the error screen's heading. */
  primary: string;
  primaryContrast: string;
  /**
   * The vehicle the brand rents out. Texts that name it are the brand's own messages
   * (app/i18n/messages/brand.de.ts), never a condition on this field in a component.
   */
  vehicle: 'bike' | 'car';
  /** The header's logo and the tab's icon, served from public/ (a bicycle for cab, a car for flinkster). */
  logo: string;
  favicon: string;
  /** Every page title: `{page}` is the page's own title, `{brand}` the brand's name. */
  titlePattern: string;
  /** Who every mail comes from, unless MAIL_FROM_NAME / MAIL_FROM_ADDRESS say otherwise. */
  mailSender: MailSender;
  /**
   * Analytics page views after navigation (only brand cab, only with consent:
   * docs/rules/consent-and-analytics.md#page-views).
   */
  sendsPageViews: boolean;
  /**
   * The contracting party as the withdrawal instructions and the model withdrawal form name it
   * (docs/rules/contract-and-cancellation.md#withdrawal): legal name and postal address. Placeholders,
   * like the mail sender's address, until the operator's own go here.
   */
  provider: { legalName: string; address: string };
}

export const brandProfiles: Record<Brand, BrandProfile> = {
  cab: {
    id: 'cab',
    name: 'Call a Bike',
    primary: '#c50014',
    primaryContrast: '#ffffff',
    vehicle: 'bike',
    logo: '/brands/cab/logo.svg',
    favicon: '/brands/cab/favicon.svg',
    titlePattern: '{page} – {brand}',
    // Placeholders of the reserved `.example` domain: production sets MAIL_FROM_ADDRESS (docs/operations.md).
    mailSender: { name: 'Call a Bike Kundenservice', address: 'kundenservice@callabike.example' },
    sendsPageViews: true,
    provider: {
      legalName: 'Call a Bike Betreiber GmbH (Beispiel)',
      address: 'Musterstraße 1, 60311 Frankfurt am Main',
    },
  },
  flinkster: {
    id: 'flinkster',
    name: 'Flinkster',
    primary: '#0b6b3a',
    primaryContrast: '#ffffff',
    vehicle: 'car',
    logo: '/brands/flinkster/logo.svg',
    favicon: '/brands/flinkster/favicon.svg',
    titlePattern: '{page} – {brand}',
    mailSender: { name: 'Flinkster Kundenservice', address: 'kundenservice@flinkster.example' },
    sendsPageViews: false,
    provider: { legalName: 'Flinkster Betreiber GmbH (Beispiel)', address: 'Musterstraße 1, 60311 Frankfurt am Main' },
  },
};

/** A page's title as its tab shows it: "Guthaben – Call a Bike". */
export function brandedTitle(brand: Pick<BrandProfile, 'name' | 'titlePattern'>, page: string): string {
  return brand.titlePattern.replace('{page}', page).replace('{brand}', brand.name);
}

/** The brand's profile with the mail sender the settings name, where they name one. */
export function configuredBrandProfile(
  brand: Brand,
  settings: { MAIL_FROM_NAME?: string; MAIL_FROM_ADDRESS?: string },
): BrandProfile {
  const profile = brandProfiles[brand];
  return {
    ...profile,
    mailSender: {
      name: settings.MAIL_FROM_NAME ?? profile.mailSender.name,
      address: settings.MAIL_FROM_ADDRESS ?? profile.mailSender.address,
    },
  };
}

/** The From header: `"Call a Bike Kundenservice" <kundenservice@callabike.example>`. */
export function mailFromHeader(sender: MailSender): string {
  return `"${sender.name.replace(/["\\\r\n]/g, '')}" <${sender.address}>`;
}
