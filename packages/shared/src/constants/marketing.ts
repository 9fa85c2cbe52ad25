import { version } from '../../../../package.json';

// Marketing figures are copy, not data (docs/product.md#what-lokal-is).
export const MARKETING = {
  verifiedGuides: '500+',
  cities: '50+',
  experiences: '10,000+',
  luxuryTravelers: '10,000+',
  guideHourlyEarnings: '$75-200+',
} as const;

export const WHY_CHOOSE = [
  {
    title: 'Verified Guides',
    description: 'Every guide is reviewed by our team and verifies their phone before meeting you.',
  },
  {
    title: 'Exclusive Access',
    description: 'Private homes, studios and rooftops that never appear in a guidebook.',
  },
  { title: 'Authentic Connections', description: 'Matched on personality and interests, not on a script.' },
  { title: 'Global Network', description: 'Locals in the cities you love, ready when you land.' },
] as const;

export const SUPPORT_EMAIL = 'support@lokal.app';
/** The root package.json's version, the one place it is set (a named import keeps the rest of the file out of the bundle). */
export const APP_VERSION: string = version;
