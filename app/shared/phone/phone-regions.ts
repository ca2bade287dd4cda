import type { Locale } from '~/i18n/locales';

/**
 * The phone field's regions (docs/rules/forms-and-fields.md#phone-field), without the phone number
 * metadata: the region select is part of the form's markup in the browser, the metadata (`./phone.ts`)
 * stays on the server (docs/decisions/0043-phone-numbers-judged-by-the-server.md).
 */

export const defaultPhoneRegion = 'DE';

/**
 * Every region awesome-phonenumber knows, with its calling code: region code and code run
 * together (`DE49`). phone-regions.test.ts checks the list against the library's, so an update
 * of the library that changes it fails there.
 */
const regionsWithCallingCodes = [
  'AC247 AD376 AE971 AF93 AG1 AI1 AL355 AM374 AO244 AR54 AS1 AT43 AU61 AW297 AX358 AZ994 BA387 BB1',
  'BD880 BE32 BF226 BG359 BH973 BI257 BJ229 BL590 BM1 BN673 BO591 BQ599 BR55 BS1 BT975 BW267 BY375',
  'BZ501 CA1 CC61 CD243 CF236 CG242 CH41 CI225 CK682 CL56 CM237 CN86 CO57 CR506 CU53 CV238 CW599 CX61',
  'CY357 CZ420 DE49 DJ253 DK45 DM1 DO1 DZ213 EC593 EE372 EG20 EH212 ER291 ES34 ET251 FI358 FJ679 FK500',
  'FM691 FO298 FR33 GA241 GB44 GD1 GE995 GF594 GG44 GH233 GI350 GL299 GM220 GN224 GP590 GQ240 GR30',
  'GT502 GU1 GW245 GY592 HK852 HN504 HR385 HT509 HU36 ID62 IE353 IL972 IM44 IN91 IO246 IQ964 IR98 IS354',
  'IT39 JE44 JM1 JO962 JP81 KE254 KG996 KH855 KI686 KM269 KN1 KP850 KR82 KW965 KY1 KZ7 LA856 LB961 LC1',
  'LI423 LK94 LR231 LS266 LT370 LU352 LV371 LY218 MA212 MC377 MD373 ME382 MF590 MG261 MH692 MK389 ML223',
  'MM95 MN976 MO853 MP1 MQ596 MR222 MS1 MT356 MU230 MV960 MW265 MX52 MY60 MZ258 NA264 NC687 NE227 NF672',
  'NG234 NI505 NL31 NO47 NP977 NR674 NU683 NZ64 OM968 PA507 PE51 PF689 PG675 PH63 PK92 PL48 PM508 PR1',
  'PS970 PT351 PW680 PY595 QA974 RE262 RO40 RS381 RU7 RW250 SA966 SB677 SC248 SD249 SE46 SG65 SH290',
  'SI386 SJ47 SK421 SL232 SM378 SN221 SO252 SR597 SS211 ST239 SV503 SX1 SY963 SZ268 TA290 TC1 TD235',
  'TG228 TH66 TJ992 TK690 TL670 TM993 TN216 TO676 TR90 TT1 TV688 TW886 TZ255 UA380 UG256 US1 UY598',
  'UZ998 VA39 VC1 VE58 VG1 VI1 VN84 VU678 WF681 WS685 XK383 YE967 YT262 ZA27 ZM260 ZW263',
].join(' ');

export const callingCodes: ReadonlyMap<string, number> = new Map(
  regionsWithCallingCodes.split(' ').map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/** A region code the parser knows, upper-cased; anything else falls back to the default region. */
export function phoneRegion(value: string | undefined): string {
  const region = value?.trim().toUpperCase() ?? '';
  return callingCodes.has(region) ? region : defaultPhoneRegion;
}

export interface PhoneRegionOption {
  value: string;
  label: string;
  callingCode: number;
}

/**
 * The regions the phone field offers, named in each of the app's languages: the default region
 * first, the others by name. The names and the order are those of `Intl.DisplayNames` and
 * `Intl.Collator` (phone-regions.test.ts checks them against the server's), written out because a
 * browser building `Intl.DisplayNames` loads its region names for tens of milliseconds while the form
 * hydrates, and because a browser whose names differ from the server's would not match its markup.
 */
const offeredRegions: Record<Locale, readonly (readonly [code: string, name: string])[]> = {
  de: [
    ['DE', 'Deutschland'],
    ['BE', 'Belgien'],
    ['DK', 'Dänemark'],
    ['FR', 'Frankreich'],
    ['IT', 'Italien'],
    ['LU', 'Luxemburg'],
    ['NL', 'Niederlande'],
    ['AT', 'Österreich'],
    ['PL', 'Polen'],
    ['CH', 'Schweiz'],
    ['ES', 'Spanien'],
    ['CZ', 'Tschechien'],
    ['US', 'Vereinigte Staaten'],
    ['GB', 'Vereinigtes Königreich'],
  ],
  en: [
    ['DE', 'Germany'],
    ['AT', 'Austria'],
    ['BE', 'Belgium'],
    ['CZ', 'Czechia'],
    ['DK', 'Denmark'],
    ['FR', 'France'],
    ['IT', 'Italy'],
    ['LU', 'Luxembourg'],
    ['NL', 'Netherlands'],
    ['PL', 'Poland'],
    ['ES', 'Spain'],
    ['CH', 'Switzerland'],
    ['GB', 'United Kingdom'],
    ['US', 'United States'],
  ],
};

function optionsOf(regions: readonly (readonly [code: string, name: string])[]): readonly PhoneRegionOption[] {
  return regions.map(([value, name]) => {
    const callingCode = callingCodes.get(value)!;
    return { value, label: `${name} (+${callingCode})`, callingCode };
  });
}

const regionOptions: Record<Locale, readonly PhoneRegionOption[]> = {
  de: optionsOf(offeredRegions.de),
  en: optionsOf(offeredRegions.en),
};

/** The region select's options in the page's language, with their calling codes. */
export function phoneRegionOptions(locale: Locale): readonly PhoneRegionOption[] {
  return regionOptions[locale];
}
