import type { Brand } from '~/config/brand';

/**
 * German messages whose words depend on the brand: the vehicle it rents out, its kind of contract.
 * Each brand gives every key; the shared catalogues hold no such key, so no brand ever shows another
 * brand's text by default (docs/decisions/0030-brand-profile.md). Every page has them, like the
 * general catalogue.
 */
const cab = {
  'page.home.description': 'Fahrräder und E-Bikes rund um die Uhr ausleihen: registrieren, Tarif wählen, losfahren.',
  'home.lead':
    '{brand} bringt dich mit dem Rad durch die Stadt: ausleihen per App, fahren, an jeder Station zurückgeben.',
  'cancel.contract.name': 'Call a Bike – Kundenvertrag (Fahrradverleih)',
  'rides.intro':
    'Jede Fahrt kostet, was der Tarif bei ihrem Start vorsah: je angefangene 30 Minuten, nach den Freiminuten deines Tarifs, beim E-Bike mit Zuschlag, und nie mehr als der Tageshöchstpreis für alle Fahrten, die an einem Tag begannen.',
} as const;

export type BrandMessageKey = keyof typeof cab;

export const brandDe: Record<Brand, Record<BrandMessageKey, string>> = {
  cab,
  flinkster: {
    'page.home.description':
      'Carsharing rund um die Uhr: registrieren, Tarif wählen, ein Auto in deiner Nähe buchen und losfahren.',
    'home.lead':
      '{brand} bringt dich mit dem Auto ans Ziel: per App buchen, einsteigen, an der Station wieder abstellen.',
    'cancel.contract.name': 'Flinkster – Kundenvertrag (Carsharing)',
    'rides.intro':
      'Jede Fahrt kostet, was ihre Fahrzeugklasse vorsieht: je angefangene Stunde, höchstens der Tagespreis je angefangene 24 Stunden, dazu je angefangenen Kilometer.',
  },
};
