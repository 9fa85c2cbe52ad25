import { avatarUrl } from '@lokal/shared/domain/avatar';
import type { Availability, TourTypeOffer } from '../schema/profiles.ts';

// Deterministic demo data: the same rows on every machine, so screenshots and tests agree.

export type DemoGuide = {
  email: string;
  firstName: string;
  lastName: string;
  age: number;
  city: string;
  country: string;
  profession: string;
  bio: string;
  image: string;
  /** What the seeded reviews of this guide average to (demo-activity.ts); the profile's figure is counted. */
  rating: number;
  totalTours: number;
  priceMin: number;
  priceMax: number;
  specialties: string[];
  languages: string[];
  responseTime: string;
  verified: boolean;
  tourTypes: TourTypeOffer[];
  showcaseRank: number | null;
};

export type DemoTourist = {
  email: string;
  firstName: string;
  lastName: string;
  age: number;
  city: string;
  country: string;
  occupation: string;
  bio: string;
  image: string;
  profileImages: string[];
  status: 'Luxury VIP Member' | 'Premium Member' | 'Gold Member';
  budgetMin: number;
  budgetMax: number;
  currency: string;
  interests: string[];
  languages: string[];
  lookingFor: string[];
  availability: Availability;
  verified: boolean;
  showcaseRank: number | null;
};

const CITIES = [
  { city: 'Lisbon', country: 'Portugal', lang: 'Portuguese' },
  { city: 'Barcelona', country: 'Spain', lang: 'Spanish' },
  { city: 'Paris', country: 'France', lang: 'French' },
  { city: 'Berlin', country: 'Germany', lang: 'German' },
  { city: 'Tokyo', country: 'Japan', lang: 'Japanese' },
  { city: 'Mexico City', country: 'Mexico', lang: 'Spanish' },
  { city: 'Rome', country: 'Italy', lang: 'Italian' },
  { city: 'Seoul', country: 'South Korea', lang: 'Korean' },
] as const;

const FIRST_F = [
  'Ana',
  'Lucía',
  'Camille',
  'Lena',
  'Yuki',
  'Valeria',
  'Giulia',
  'Ji-woo',
  'Inês',
  'Marta',
  'Chloé',
  'Mia',
  'Hana',
  'Daniela',
  'Chiara',
  'Seo-yeon',
  'Beatriz',
  'Nora',
  'Elise',
  'Aiko',
];
const FIRST_M = [
  'Tiago',
  'Pablo',
  'Hugo',
  'Jonas',
  'Kenji',
  'Diego',
  'Luca',
  'Min-jun',
  'Rui',
  'Javier',
  'Théo',
  'Felix',
  'Haruto',
  'Mateo',
  'Marco',
  'Do-yun',
  'André',
  'Emil',
  'Louis',
  'Ren',
];
const LAST = [
  'Silva',
  'García',
  'Laurent',
  'Becker',
  'Tanaka',
  'Hernández',
  'Rossi',
  'Kim',
  'Costa',
  'Moreno',
  'Dubois',
  'Wagner',
  'Sato',
  'López',
  'Bianchi',
  'Park',
  'Ferreira',
  'Vogel',
  'Moreau',
  'Ito',
];

const GUIDE_PROFESSIONS = [
  { profession: 'Street Artist', specialties: ['Art & Culture', 'Street Art', 'Nightlife'] },
  { profession: 'Historian', specialties: ['History', 'Architecture', 'Art & Culture'] },
  { profession: 'Chef', specialties: ['Food & Dining', 'Markets', 'Wine'] },
  { profession: 'DJ & Promoter', specialties: ['Nightlife', 'Pub Crawls', 'House Parties'] },
  { profession: 'Fashion Stylist', specialties: ['Fashion', 'Shopping', 'Art & Culture'] },
  { profession: 'Architecture Student', specialties: ['Architecture', 'History', 'Photography'] },
  { profession: 'Surf Instructor', specialties: ['Adventure', 'Scenic Drives', 'Food & Dining'] },
  { profession: 'Photographer', specialties: ['Photography', 'Art & Culture', 'Scenic Drives'] },
  { profession: 'Sommelier', specialties: ['Food & Dining', 'Wine', 'Nightlife'] },
  { profession: 'Philosophy Student', specialties: ['Deep Conversations', 'History', 'Nightlife'] },
];

const GUIDE_BIOS = [
  'Born and raised here, I know which doors open after midnight and which cafés the old poets still use.',
  'I turn the city into a story: every corner has a century behind it, and I love telling it over a good drink.',
  'From market stalls at dawn to family kitchens at dusk, I will feed you the city the way locals eat it.',
  'My weekends are studios, rooftops and underground sets. Come see the city the way my friends do.',
  'I trade guidebooks for ateliers, vintage dealers and the makers who dress this city.',
];

const TOUR_MENU: Record<string, TourTypeOffer> = {
  'Art & Culture': { name: 'Art & Museums', duration: '3 hours', price: 120 },
  'Street Art': { name: 'Street Art Walk', duration: '2 hours', price: 85 },
  Nightlife: { name: 'Pub Crawls', duration: '4 hours', price: 160 },
  History: { name: 'Culture & History', duration: '3 hours', price: 110 },
  Architecture: { name: 'Architecture Walk', duration: '2.5 hours', price: 95 },
  'Food & Dining': { name: 'Food & Dining', duration: '3 hours', price: 140 },
  Markets: { name: 'Market Morning', duration: '2 hours', price: 75 },
  Wine: { name: 'Wine Evening', duration: '3 hours', price: 150 },
  'Pub Crawls': { name: 'Pub Crawls', duration: '4 hours', price: 170 },
  'House Parties': { name: 'House Parties', duration: '5 hours', price: 200 },
  Fashion: { name: 'Shopping', duration: '3 hours', price: 130 },
  Shopping: { name: 'Shopping', duration: '3 hours', price: 130 },
  Photography: { name: 'Photo Walk', duration: '2 hours', price: 90 },
  Adventure: { name: 'Adventure Sports', duration: '4 hours', price: 180 },
  'Scenic Drives': { name: 'Scenic Drives', duration: '5 hours', price: 220 },
  'Deep Conversations': { name: 'Deep Conversations', duration: '2 hours', price: 80 },
};

const RESPONSE_TIMES = ['within an hour', 'within 2 hours', 'within a few hours', 'within a day'];
const STATUSES = ['Luxury VIP Member', 'Premium Member', 'Gold Member'] as const;
const OCCUPATIONS = [
  'Entrepreneur',
  'Designer',
  'Developer',
  'Consultant',
  'Artist',
  'Writer',
  'Investor',
  'Student',
];
const INTERESTS = [
  'Fine Dining',
  'Nightlife',
  'Art',
  'History',
  'Fashion',
  'Architecture',
  'Wine',
  'Adventure',
  'Photography',
  'Music',
];
const LOOKING_FOR = [
  'Hidden bars',
  'Private gallery visits',
  'Chef tables',
  'Rooftop parties',
  'Vintage shopping',
  'Sunset drives',
  'Local friends',
  'Live music',
];
const HOME = [
  { country: 'United States', lang: 'English' },
  { country: 'United Kingdom', lang: 'English' },
  { country: 'United Arab Emirates', lang: 'Arabic' },
  { country: 'Switzerland', lang: 'German' },
  { country: 'Brazil', lang: 'Portuguese' },
  { country: 'Singapore', lang: 'Chinese' },
] as const;

function slug(first: string, last: string): string {
  return `${first}.${last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
}

function at<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

function tourTypesFor(specialties: string[]): TourTypeOffer[] {
  const offers = specialties.map((s) => TOUR_MENU[s]).filter((o): o is TourTypeOffer => Boolean(o));
  return offers.filter((o, i) => offers.findIndex((x) => x.name === o.name) === i);
}

function guide(
  partial: Omit<DemoGuide, 'tourTypes' | 'priceMin' | 'priceMax' | 'image'> & { image?: string },
): DemoGuide {
  const tourTypes = tourTypesFor(partial.specialties);
  const prices = tourTypes.map((t) => t.price);
  return {
    ...partial,
    image: partial.image ?? avatarUrl(`${partial.firstName}-${partial.lastName}`),
    tourTypes,
    priceMin: prices.length ? Math.min(...prices) : 60,
    priceMax: prices.length ? Math.max(...prices) : 120,
  };
}

// The landing page's three guides and three travelers.
const FEATURED_GUIDES: DemoGuide[] = [
  guide({
    email: 'sofia.martinez@demo.lokal.app',
    firstName: 'Sofia',
    lastName: 'Martinez',
    age: 28,
    city: 'Barcelona',
    country: 'Spain',
    profession: 'Street Artist',
    bio: 'I paint the walls of El Raval by day and know every hidden vermut bar by night. Let me show you the Barcelona tourists never see.',
    image: avatarUrl('sofia-martinez', 'feminine'),
    rating: 4.9,
    totalTours: 210,
    specialties: ['Art & Culture', 'Street Art', 'Nightlife', 'Food & Dining', 'Photography'],
    languages: ['Spanish', 'English', 'Catalan'],
    responseTime: 'within an hour',
    verified: true,
    showcaseRank: 1,
  }),
  guide({
    email: 'kenji.watanabe@demo.lokal.app',
    firstName: 'Kenji',
    lastName: 'Watanabe',
    age: 34,
    city: 'Tokyo',
    country: 'Japan',
    profession: 'Historian',
    bio: 'Former museum curator. I connect Edo-era stories to the Tokyo of today, from quiet shrines to standing bars in Golden Gai.',
    image: avatarUrl('kenji-watanabe', 'masculine'),
    rating: 4.8,
    totalTours: 164,
    specialties: ['History', 'Architecture', 'Food & Dining', 'Deep Conversations'],
    languages: ['Japanese', 'English'],
    responseTime: 'within 2 hours',
    verified: true,
    showcaseRank: 2,
  }),
  guide({
    email: 'amelie.laurent@demo.lokal.app',
    firstName: 'Amélie',
    lastName: 'Laurent',
    age: 31,
    city: 'Paris',
    country: 'France',
    profession: 'Fashion Stylist',
    bio: 'Stylist for independent designers in the Marais. I open ateliers, vintage vaults and the terraces where Paris really dresses up.',
    image: avatarUrl('amelie-laurent', 'feminine'),
    rating: 5,
    totalTours: 118,
    specialties: ['Fashion', 'Shopping', 'Art & Culture', 'Wine'],
    languages: ['French', 'English', 'Italian'],
    responseTime: 'within an hour',
    verified: true,
    showcaseRank: 3,
  }),
];

const FEATURED_TOURISTS: DemoTourist[] = [
  {
    email: 'james.whitfield@demo.lokal.app',
    firstName: 'James',
    lastName: 'Whitfield',
    age: 42,
    city: 'Lisbon',
    country: 'United Kingdom',
    occupation: 'Investor',
    bio: 'Private equity by trade, jazz and natural wine by passion. Looking for the Lisbon that locals keep to themselves.',
    image: avatarUrl('james-whitfield', 'masculine'),
    profileImages: [
      avatarUrl('james-whitfield', 'masculine'),
      avatarUrl('james-whitfield-2', 'masculine'),
      avatarUrl('james-whitfield-3', 'masculine'),
    ],
    status: 'Luxury VIP Member',
    budgetMin: 300,
    budgetMax: 800,
    currency: 'USD',
    interests: ['Wine', 'Live Music', 'Architecture', 'Fine Dining', 'Sailing'],
    languages: ['English', 'French'],
    lookingFor: ['Hidden bars', 'Chef tables', 'Sunset drives'],
    availability: { newGuides: true, experiencedGuides: true },
    verified: true,
    showcaseRank: 1,
  },
  {
    email: 'aisha.rahman@demo.lokal.app',
    firstName: 'Aisha',
    lastName: 'Rahman',
    age: 29,
    city: 'Paris',
    country: 'United Arab Emirates',
    occupation: 'Designer',
    bio: 'Interior designer collecting ideas from every city I visit. Galleries by day, rooftops by night.',
    image: avatarUrl('aisha-rahman', 'feminine'),
    profileImages: [avatarUrl('aisha-rahman', 'feminine'), avatarUrl('aisha-rahman-2', 'feminine')],
    status: 'Premium Member',
    budgetMin: 200,
    budgetMax: 500,
    currency: 'USD',
    interests: ['Art', 'Fashion', 'Architecture', 'Photography'],
    languages: ['Arabic', 'English', 'French'],
    lookingFor: ['Private gallery visits', 'Vintage shopping', 'Rooftop parties'],
    availability: { newGuides: true, experiencedGuides: true },
    verified: true,
    showcaseRank: 2,
  },
  {
    email: 'lucas.meyer@demo.lokal.app',
    firstName: 'Lucas',
    lastName: 'Meyer',
    age: 36,
    city: 'Tokyo',
    country: 'Switzerland',
    occupation: 'Entrepreneur',
    bio: 'Founder, amateur photographer and night owl. I want to understand a city through the people who make it.',
    image: avatarUrl('lucas-meyer', 'masculine'),
    profileImages: [avatarUrl('lucas-meyer', 'masculine'), avatarUrl('lucas-meyer-2', 'masculine')],
    status: 'Gold Member',
    budgetMin: 150,
    budgetMax: 400,
    currency: 'USD',
    interests: ['Photography', 'Nightlife', 'Food', 'History'],
    languages: ['German', 'English'],
    lookingFor: ['Live music', 'Local friends'],
    availability: { newGuides: false, experiencedGuides: true },
    verified: false,
    showcaseRank: 3,
  },
];

function generatedGuides(count: number): DemoGuide[] {
  return Array.from({ length: count }, (_, i) => {
    const place = at(CITIES, i);
    const feminine = i % 2 === 0;
    const firstName = at(feminine ? FIRST_F : FIRST_M, i);
    const lastName = at(LAST, i * 7 + 3);
    const job = at(GUIDE_PROFESSIONS, i * 3 + 1);
    const secondLang = i % 3 === 0 ? ['French'] : [];
    return guide({
      email: `${slug(firstName, lastName)}.guide${i}@demo.lokal.app`,
      firstName,
      lastName,
      age: 22 + ((i * 5) % 24),
      city: place.city,
      country: place.country,
      profession: job.profession,
      bio: at(GUIDE_BIOS, i),
      image: avatarUrl(`guide-${i}-${firstName}`, feminine ? 'feminine' : 'masculine'),
      rating: Math.round((4.2 + ((i * 37) % 9) / 10) * 10) / 10,
      totalTours: 12 + ((i * 17) % 230),
      specialties: job.specialties,
      languages: [...new Set([place.lang, 'English', ...secondLang])],
      responseTime: at(RESPONSE_TIMES, i),
      verified: i % 4 !== 3,
      showcaseRank: null,
    });
  });
}

function generatedTourists(count: number): DemoTourist[] {
  return Array.from({ length: count }, (_, i) => {
    const place = at(CITIES, i + 1);
    const home = at(HOME, i);
    const feminine = i % 2 === 1;
    const firstName = at(feminine ? FIRST_F : FIRST_M, i + 9);
    const lastName = at(LAST, i * 3 + 11);
    const style = feminine ? 'feminine' : 'masculine';
    const seed = `tourist-${i}-${firstName}`;
    const budgetMin = 100 + ((i * 50) % 400);
    return {
      email: `${slug(firstName, lastName)}.traveler${i}@demo.lokal.app`,
      firstName,
      lastName,
      age: 26 + ((i * 7) % 30),
      city: place.city,
      country: home.country,
      occupation: at(OCCUPATIONS, i),
      bio: 'Travelling for the people more than the sights. Happy to be surprised.',
      image: avatarUrl(seed, style),
      profileImages: [avatarUrl(seed, style), avatarUrl(`${seed}-2`, style), avatarUrl(`${seed}-3`, style)],
      status: at(STATUSES, i),
      budgetMin,
      budgetMax: budgetMin + 200 + ((i * 30) % 500),
      currency: 'USD',
      interests: [at(INTERESTS, i), at(INTERESTS, i + 3), at(INTERESTS, i + 6)],
      languages: [...new Set(['English', home.lang])],
      lookingFor: [at(LOOKING_FOR, i), at(LOOKING_FOR, i + 2), at(LOOKING_FOR, i + 5)].slice(0, 2 + (i % 2)),
      availability: { newGuides: i % 3 !== 2, experiencedGuides: true },
      verified: i % 3 === 0,
      showcaseRank: null,
    };
  });
}

export const DEMO_GUIDES: DemoGuide[] = [...FEATURED_GUIDES, ...generatedGuides(40)];
export const DEMO_TOURISTS: DemoTourist[] = [...FEATURED_TOURISTS, ...generatedTourists(30)];
