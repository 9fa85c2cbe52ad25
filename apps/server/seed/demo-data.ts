import { createHash } from 'node:crypto';
import { avatarUrl } from '@lokal/shared/domain/avatar';
import type { WeeklyRanges } from '../src/db/schema/experiences.ts';
import type { Availability, TourTypeOffer } from '../src/db/schema/profiles.ts';
import { type DemoExperience, PLACES, PROFESSIONS, weeklyHours } from './demo-places.ts';

export type { DemoExperience } from './demo-places.ts';

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
  /**
   * What the seeded reviews of this guide average to (demo-activity.ts); the profile's figure is counted.
   * Null: a guide new on Lokal, with no tour done yet.
   */
  rating: number | null;
  totalTours: number;
  priceMin: number;
  priceMax: number;
  specialties: string[];
  languages: string[];
  verified: boolean;
  tourTypes: TourTypeOffer[];
  showcaseRank: number | null;
  /** What the guide sells (1 to 4, published) and when (the city's time). */
  experiences: DemoExperience[];
  schedule: { weekly: WeeklyRanges; noticeHours: number; bufferMinutes: number; maxPerDay: number };
  /** When the guide was last active, before the seeding. */
  lastSeenMinutesAgo: number;
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
  /** When the traveller was last active, before the seeding: a few are online, most are not. */
  lastSeenMinutesAgo: number;
};

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
  'Architect',
  'Doctor',
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
  'Street Food',
  'Design',
  'Surfing',
  'Literature',
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
  'Market mornings',
  'Surf lessons',
  'Architecture walks',
  'Wine tastings',
  'Street art',
  'Late-night food',
  'Bookshops',
  'Photo walks',
];
// Where the generated travellers come from, with names people there carry.
const HOME = [
  {
    country: 'United States',
    lang: 'English',
    f: ['Madison', 'Olivia', 'Harper'],
    m: ['Ethan', 'Caleb', 'Wyatt'],
    last: ['Brooks', 'Sullivan', 'Hayes', 'Porter', 'Bennett'],
  },
  {
    country: 'United Kingdom',
    lang: 'English',
    f: ['Imogen', 'Harriet', 'Poppy'],
    m: ['Oliver', 'Alfie', 'Rupert'],
    last: ['Ashworth', 'Pembroke', 'Thornton', 'Fairfax', 'Hollis'],
  },
  {
    country: 'United Arab Emirates',
    lang: 'Arabic',
    f: ['Mariam', 'Noura', 'Layla'],
    m: ['Omar', 'Khalid', 'Saeed'],
    last: ['Al Mansoori', 'Al Hashemi', 'Al Falasi', 'Al Suwaidi', 'Al Mazrouei'],
  },
  {
    country: 'Switzerland',
    lang: 'German',
    f: ['Anna', 'Selina', 'Noemi'],
    m: ['Luca', 'Nico', 'Jan'],
    last: ['Keller', 'Baumann', 'Huber', 'Widmer', 'Frei'],
  },
  {
    country: 'Brazil',
    lang: 'Portuguese',
    f: ['Larissa', 'Camila', 'Bianca'],
    m: ['Gabriel', 'Rafael', 'Thiago'],
    last: ['Barbosa', 'Cardoso', 'Teixeira', 'Moura', 'Rezende'],
  },
  {
    country: 'Singapore',
    lang: 'Chinese',
    f: ['Wei Ling', 'Hui Min', 'Jia Yi'],
    m: ['Jun Jie', 'Wei Ming', 'Zhi Hao'],
    last: ['Tan', 'Lim', 'Ong', 'Goh', 'Chua'],
  },
] as const;
// A traveller's bio: what they do, then what they travel for (two halves, so no two bios are the same).
const WORK_LINES = [
  'I run a small coffee roastery and travel to taste.',
  'Product designer, always sketching the cities I walk through.',
  'Software engineer on a long remote-work trip.',
  'Strategy consultant taking a proper break for once.',
  'Ceramicist looking for glazes, kilns and the people who fire them.',
  'I write travel essays and I am happiest in a corner café.',
  'Early-stage investor who would rather meet founders than see monuments.',
  'Master’s student stretching a small budget a long way.',
  'Architect who photographs doors, stairs and rooftops.',
  'Emergency doctor on a well-earned month off.',
];
const TRAVEL_LINES = [
  'Here for the food markets and long lunches.',
  'I like a late dinner and a later bar.',
  'Slow mornings, long walks, no queues.',
  'Hoping to meet people who actually live here.',
  'Music first: small venues and record shops.',
  'Looking for the neighbourhoods guidebooks skip.',
  'I want to learn a few words and a few recipes.',
  'Galleries by day, rooftops by night.',
  'Happy to be surprised, as long as there is good coffee.',
  'Travelling with a camera and too many lenses.',
  'Up for anything outdoors, the earlier the better.',
  'Curious about the history under the streets.',
];

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

/** `count` different items of `list`, picked by a hash of `seed`: the same every run, varied across seeds. */
function some<T>(list: readonly T[], count: number, seed: string): T[] {
  const weight = (item: T) =>
    createHash('sha256')
      .update(`${seed}|${String(item)}`)
      .digest()
      .readUInt32BE(0);
  return [...list].sort((a, b) => weight(a) - weight(b)).slice(0, count);
}

function hoursLabel(minutes: number): string {
  const h = minutes / 60;
  return h === 1 ? '1 hour' : `${h} hours`;
}

/** A guide's tour types (the discovery filter's offers), from their experiences: one per category. */
function tourTypesOf(experiences: DemoExperience[]): TourTypeOffer[] {
  const byCategory = new Map<string, TourTypeOffer>();
  for (const e of experiences) {
    if (!byCategory.has(e.category))
      byCategory.set(e.category, { name: e.category, duration: hoursLabel(e.minutes), price: e.price });
  }
  return [...byCategory.values()];
}

function guide(
  partial: Omit<DemoGuide, 'tourTypes' | 'priceMin' | 'priceMax' | 'image'> & {
    image?: string;
    tourTypes?: TourTypeOffer[];
  },
): DemoGuide {
  const prices = partial.experiences.map((e) => e.price);
  return {
    ...partial,
    image: partial.image ?? avatarUrl(`${partial.firstName}-${partial.lastName}`),
    tourTypes: partial.tourTypes ?? tourTypesOf(partial.experiences),
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
  };
}

const ALL_WEEK = {
  mon: [{ start: '09:00', end: '21:00' }],
  tue: [{ start: '09:00', end: '21:00' }],
  wed: [{ start: '09:00', end: '21:00' }],
  thu: [{ start: '09:00', end: '21:00' }],
  fri: [{ start: '09:00', end: '21:00' }],
  sat: [{ start: '09:00', end: '21:00' }],
  sun: [{ start: '09:00', end: '21:00' }],
};

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
    verified: true,
    showcaseRank: 1,
    experiences: [
      {
        // The browser and API tests book this one: keep its name, length and price.
        title: 'Street Art Walk',
        category: 'Art & Museums',
        summary: 'Two hours of murals in El Raval and Poble-sec with the artist who painted some of them.',
        description:
          'We walk the walls of El Raval, from the big commissioned murals to paste-ups that appeared last night. I tell you who painted what, how the city decides what stays, and we finish in my studio on Carrer de la Cera where you can try a stencil yourself.',
        minutes: 120,
        price: 85,
        maxGroup: 8,
        included: ['Stencil session in the studio', 'Water'],
        notIncluded: ['Drinks'],
        meeting: 'Rambla del Raval, by Botero’s cat',
        policy: 'flexible',
      },
      {
        title: 'Vermut hour and hidden bars of El Raval',
        category: 'Pub Crawls',
        summary: 'Sunday-style vermut, then the bars behind unmarked doors, the way my friends go out.',
        description:
          'Barcelona starts the evening with vermut and olives. We begin at a bodega that has not changed since 1950, then go through three bars you would never find alone, one of them behind a laundry. I know the owners; you will be treated like a regular.',
        minutes: 240,
        price: 160,
        maxGroup: 6,
        included: ['First vermut', 'Olives and anchovies'],
        notIncluded: ['Further drinks'],
        meeting: 'Plaça de Sant Agustí, by the church door',
        policy: 'moderate',
      },
      {
        title: 'Santa Caterina market and a tapas lunch',
        category: 'Food & Dining',
        summary: 'The stalls locals buy from, then a long lunch of what we found.',
        description:
          'Skip the crowds at La Boqueria: Santa Caterina is where the neighbourhood shops. We taste jamón, cheese and the season’s fruit, then sit down at a counter bar where the cook makes tapas from the market’s best.',
        minutes: 180,
        price: 140,
        maxGroup: 6,
        included: ['Market tastings', 'Tapas lunch with a glass of wine'],
        notIncluded: ['Extra drinks'],
        meeting: 'Mercat de Santa Caterina, main entrance on Avinguda Francesc Cambó',
        policy: 'flexible',
      },
    ],
    // The browser tests expect her week open every day, 09:00–21:00, bookable an hour ahead.
    schedule: { weekly: ALL_WEEK, noticeHours: 1, bufferMinutes: 0, maxPerDay: 10 },
    lastSeenMinutesAgo: 35,
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
    verified: true,
    showcaseRank: 2,
    experiences: [
      {
        title: 'Edo stories in Yanaka',
        category: 'Culture & History',
        summary:
          'The old Tokyo that survived fire and war: temples, wooden houses and a cat-filled cemetery.',
        description:
          'Yanaka is one of the few districts where Edo-era Tokyo still stands. We walk from the cemetery through temple lanes to Yanaka Ginza, and I connect each stop to the stories I used to tell as a museum curator. Slow pace, many questions.',
        minutes: 180,
        price: 110,
        maxGroup: 6,
        included: ['Green tea and sweets', 'Printed Edo map'],
        notIncluded: ['Temple donations'],
        meeting: 'Nippori Station, west exit',
        policy: 'flexible',
      },
      {
        title: 'Golden Gai, one counter at a time',
        category: 'Pub Crawls',
        summary:
          'Three of the tiny bars in Golden Gai that welcome visitors, with introductions to the masters.',
        description:
          'Golden Gai has two hundred bars of six seats each, and most are for regulars. I take you to three that know me, introduce you to the masters and explain the cover charges, the etiquette and the history of the alley.',
        minutes: 180,
        price: 130,
        maxGroup: 4,
        included: ['Cover charges', 'First drink at each bar'],
        notIncluded: ['Further drinks'],
        meeting: 'Hanazono Shrine, main gate',
        policy: 'moderate',
      },
      {
        title: 'Tsukiji outer market breakfast',
        category: 'Food & Dining',
        summary: 'Tamagoyaki, grilled scallops and the knife shop chefs swear by, before the crowds.',
        description:
          'The wholesale market moved to Toyosu but the outer market stayed. We arrive at seven, eat our way through six stalls and visit a knife maker whose family has sharpened for sushi chefs for a hundred years.',
        minutes: 150,
        price: 95,
        maxGroup: 6,
        included: ['Six tastings'],
        notIncluded: ['Knives you buy'],
        meeting: 'Tsukiji Station, exit 1',
        policy: 'flexible',
      },
    ],
    schedule: { weekly: ALL_WEEK, noticeHours: 1, bufferMinutes: 0, maxPerDay: 10 },
    lastSeenMinutesAgo: 190,
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
    verified: true,
    showcaseRank: 3,
    experiences: [
      {
        title: 'Marais ateliers and vintage vaults',
        category: 'Shopping',
        summary: 'Independent designers in their studios and the vintage dealers stylists buy from.',
        description:
          'I style for independent labels in the Marais, so doors open for us: two designers in their ateliers, a vintage dealer’s private stock and a perfumer who mixes to order. I help you find what suits you and what is worth the price.',
        minutes: 180,
        price: 130,
        maxGroup: 3,
        included: ['Styling advice', 'Coffee'],
        notIncluded: ['Your purchases'],
        meeting: 'Place des Vosges, by the fountain at the north side',
        policy: 'moderate',
      },
      {
        title: 'Private galleries of the Haut Marais',
        category: 'Art & Museums',
        summary: 'Four small galleries with their owners, including one that opens only by appointment.',
        description:
          'The Haut Marais has dozens of galleries; we visit four I love, meet two of the owners and see one collection that opens only by appointment. No art-history lecture, just good conversations in front of good work.',
        minutes: 150,
        price: 120,
        maxGroup: 4,
        included: ['Gallery introductions'],
        notIncluded: ['Artworks'],
        meeting: 'Rue de Turenne, outside the Saint-Denys church',
        policy: 'flexible',
      },
      {
        title: 'Terraces where Paris dresses up',
        category: 'Food & Dining',
        summary: 'Natural wine on the terraces of the Marais at the hour Paris comes out to be seen.',
        description:
          'Between seven and nine, Paris sits outside to watch itself. We take three terraces I like for their wine and their crowd, with small plates, and I tell you who is wearing what.',
        minutes: 180,
        price: 150,
        maxGroup: 4,
        included: ['Three glasses of wine', 'Small plates'],
        notIncluded: ['Dinner'],
        meeting: 'Métro Saint-Paul, exit on Rue de Rivoli',
        policy: 'flexible',
      },
    ],
    schedule: { weekly: ALL_WEEK, noticeHours: 1, bufferMinutes: 0, maxPerDay: 10 },
    lastSeenMinutesAgo: 1440 + 300,
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
    lastSeenMinutesAgo: 2,
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
    lastSeenMinutesAgo: 95,
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
    lastSeenMinutesAgo: 60 * 26,
  },
];

/** How long ago a demo member was last active: a few minutes for some, hours or days for most. */
function lastSeen(i: number): number {
  const spread = [3, 40, 180, 600, 1500, 2900, 4400, 8700, 14_000, 25_000, 90, 4];
  return at(spread, i * 5) + ((i * 13) % 30);
}

function generatedGuides(count: number): DemoGuide[] {
  return Array.from({ length: count }, (_, i) => {
    // Five guides per city, alternating women and men, each with a name of the city's country.
    const place = at(PLACES, i);
    const k = Math.floor(i / PLACES.length);
    const feminine = (k + (i % PLACES.length)) % 2 === 0;
    const firstName = at(feminine ? place.names.f : place.names.m, Math.floor(k / 2));
    const lastName = at(place.names.last, k);
    const job = at(PROFESSIONS, i * 3 + 1);
    // One to four of the trade's offers, written for the guide's city.
    const offers = job.offers.slice(0, 1 + ((i * 7 + 2) % Math.min(4, job.offers.length)));
    const experiences = offers.map((offer, n) => {
      const e = offer(place);
      return {
        ...e,
        meeting: e.meeting ?? place.meeting,
        policy: (['flexible', 'moderate', 'strict'] as const)[(i + n) % 3]!,
      };
    });
    const secondLang = i % 3 === 0 ? ['French'] : [];
    // A few guides are new on Lokal: no tours and no reviews yet.
    const isNew = i % 9 === 4;
    return guide({
      email: `${slug(firstName, lastName)}.guide${i}@demo.lokal.app`,
      firstName,
      lastName,
      age: 22 + ((i * 5) % 24),
      city: place.city,
      country: place.country,
      profession: job.profession,
      bio: job.bio(place),
      image: avatarUrl(`guide-${i}-${firstName}`, feminine ? 'feminine' : 'masculine'),
      // From 3.6 to 5.0, most between 4.3 and 4.9, as ratings go.
      rating: isNew ? null : at([4.7, 4.4, 4.9, 3.8, 4.6, 5, 4.2, 4.8, 3.6, 4.5, 4.3, 4.9, 4.0], i),
      totalTours: 12 + ((i * 17) % 230),
      specialties: job.specialties,
      languages: [...new Set([place.lang, 'English', ...secondLang])],
      verified: i % 4 !== 3,
      showcaseRank: null,
      experiences,
      schedule: {
        weekly: weeklyHours(place.hours, i),
        noticeHours: at([12, 24, 48], i),
        bufferMinutes: at([30, 60, 15], i),
        maxPerDay: at([2, 3, 1], i),
      },
      lastSeenMinutesAgo: lastSeen(i),
    });
  });
}

function generatedTourists(count: number): DemoTourist[] {
  return Array.from({ length: count }, (_, i) => {
    const place = at(PLACES, i + 1);
    // Five travellers per home country, each with a name people there carry.
    const home = at(HOME, i);
    const k = Math.floor(i / HOME.length);
    const feminine = (k + (i % HOME.length)) % 2 === 1;
    const firstName = at(feminine ? home.f : home.m, Math.floor(k / 2));
    const lastName = at(home.last, k);
    const style = feminine ? 'feminine' : 'masculine';
    const seed = `tourist-${i}-${firstName}`;
    const budgetMin = 100 + ((i * 50) % 400);
    const interests = some(INTERESTS, 3 + (i % 2), `interests-${i}`);
    const lookingFor = some(LOOKING_FOR, 2 + (i % 2), `looking-${i}`);
    return {
      email: `${slug(firstName, lastName)}.traveler${i}@demo.lokal.app`,
      firstName,
      lastName,
      age: 26 + ((i * 7) % 30),
      city: place.city,
      country: home.country,
      occupation: at(OCCUPATIONS, i),
      bio: `${at(WORK_LINES, i)} ${at(TRAVEL_LINES, i * 7)}`,
      image: avatarUrl(seed, style),
      profileImages: [avatarUrl(seed, style), avatarUrl(`${seed}-2`, style), avatarUrl(`${seed}-3`, style)],
      status: at(STATUSES, i),
      budgetMin,
      budgetMax: budgetMin + 200 + ((i * 30) % 500),
      currency: 'USD',
      interests,
      languages: [...new Set(['English', home.lang])],
      lookingFor,
      availability: { newGuides: i % 3 !== 2, experiencedGuides: true },
      verified: i % 3 === 0,
      showcaseRank: null,
      lastSeenMinutesAgo: lastSeen(i + 7),
    };
  });
}

export const DEMO_GUIDES: DemoGuide[] = [...FEATURED_GUIDES, ...generatedGuides(40)];
export const DEMO_TOURISTS: DemoTourist[] = [...FEATURED_TOURISTS, ...generatedTourists(30)];
