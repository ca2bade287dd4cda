/**
 * The two brands one build can serve; `CLIENT` picks one at start-up. Colours are chosen for at
 * least 4.5:1 contrast on white (WCAG 2.1 AA).
 */
export const brands = ['cab', 'flinkster'] as const;
export type Brand = (typeof brands)[number];

export interface BrandProfile {
  id: Brand;
  name: string;
  /** Primary colour: buttons, links, the error screen's heading. */
  primary: string;
  primaryContrast: string;
  /** The vehicle the brand rents out, for wording. */
  vehicle: 'bike' | 'car';
  /**
   * Analytics page views after navigation (only brand cab, only with consent:
   * docs/rules/consent-and-analytics.md#page-views).
   */
  sendsPageViews: boolean;
}

export const brandProfiles: Record<Brand, BrandProfile> = {
  cab: {
    id: 'cab',
    name: 'Call a Bike',
    primary: '#c50014',
    primaryContrast: '#ffffff',
    vehicle: 'bike',
    sendsPageViews: true,
  },
  flinkster: {
    id: 'flinkster',
    name: 'Flinkster',
    primary: '#0b6b3a',
    primaryContrast: '#ffffff',
    vehicle: 'car',
    sendsPageViews: false,
  },
};
