import type { Locale } from '~/i18n/locales';
import { formatInstant } from '~/i18n/intl-formats';
import type { ReportLocation } from './report-fields';

/** A link the service team (and the reporter) can open on any phone: OpenStreetMap at the spot. */
export function mapLink({ lat, lon }: { lat: number; lon: number }): string {
  const la = lat.toFixed(5);
  const lo = lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${la}&mlon=${lo}#map=18/${la}/${lo}`;
}

export function locationLine(location: ReportLocation, locale: Locale): string {
  const coordinates = `${location.lat.toFixed(5)}, ${location.lon.toFixed(5)}`;
  if (location.source === 'address') return `${location.text} (${coordinates})`;
  return locale === 'de' ? `Standort des Geräts: ${coordinates}` : `Device position: ${coordinates}`;
}

export function seenLine(seenAt: Date, locale: Locale): string {
  const when = formatInstant(seenAt, locale);
  return locale === 'de' ? `${when} Uhr` : `${when} (Berlin time)`;
}
