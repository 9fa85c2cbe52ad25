import { REVIEW_WINDOW_DAYS } from '@lokal/shared/constants/reviews';
import { timeZoneForCity } from '@lokal/shared/domain/time-zone';
import { DEMO_GUIDES, DEMO_TOURISTS } from './demo-data.ts';

// Past activity for the demo, so every figure on the screens is counted from real rows (decision 010):
// completed bookings with reviews both ways, and conversations guides started with tourists.
// Deterministic in shape; times are relative to the moment of seeding.
//
// Kept apart from what the tests and the browser journeys play out between the featured people: no booking or
// conversation joins a featured guide (Sofia, Kenji, Amélie) to a featured tourist (James, Aisha, Lucas),
// featured guides start no conversation, and Aisha has none at all.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FEATURED = 3;

export type DemoReview = { rating: number; text: string; at: number };
export type DemoBooking = {
  id: string;
  guideEmail: string;
  touristEmail: string;
  tourName: string;
  durationMinutes: number;
  pricePerPerson: number;
  partySize: number;
  timeZone: string;
  startAt: number;
  endAt: number;
  /** The tourist's review of the guide, and the guide's of the tourist. */
  byTourist: DemoReview | null;
  byGuide: DemoReview | null;
  /** When both are visible: the second review, or completion + 14 days; null while still hidden. */
  publishedAt: number | null;
};
export type DemoContact = {
  id: string;
  guideEmail: string;
  touristEmail: string;
  at: number;
  opener: string;
  /** The tourist's answer, when they gave one. */
  reply: string | null;
};

const ABOUT_GUIDES = [
  'An evening we will talk about for years. Knew every door worth opening.',
  'Warm, funny and endlessly curious. The city felt like ours for a few hours.',
  'Perfectly paced, with places we would never have found alone.',
  'Great stories and even better company. Booking again on our next trip.',
  'Thoughtful planning down to the last detail. Highly recommended.',
  'Felt like visiting a friend rather than taking a tour.',
  'Generous with time and tips; the food stops alone were worth it.',
  'We asked for hidden places and got exactly that, with stories to match.',
  'Relaxed, knowledgeable and great at reading the group.',
  'The best evening of our trip. Worth every cent.',
  '',
];
const ABOUT_TOURISTS = [
  'Punctual, open to anything and great fun to show around.',
  'A curious and kind guest. Welcome back any time.',
  'Clear about what they wanted, and a pleasure to host.',
  'Lovely company; asked the best questions all evening.',
  'Easy-going and up for a late night. A great guest.',
  'Arrived on time, tipped the bar staff, made friends everywhere.',
  'Knew what they liked and were happy to try something new.',
  '',
];
const OPENERS = [
  'Hi! I saw you are in town. I run small evening tours off the usual map. Happy to plan something around you.',
  'Welcome! If you like hidden bars and live music, I would love to show you my neighbourhood.',
  'Hello! I host private tours for a few guests at a time. Tell me what you enjoy and I will tailor it.',
];
const REPLIES = [
  'Sounds great, tell me more!',
  'Thanks, maybe on Friday?',
  'Lovely, what would you suggest?',
];

/** A fixed id per seeded row: the seed checks for the last one to know it has run. */
function demoId(kind: 0 | 1, n: number): string {
  return `5eed000${kind}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** The ratings the seeded reviews of one guide carry: whole stars averaging close to `target`. */
function ratingsFor(target: number, count: number): number[] {
  // Rounded up, so the average never falls below the target (a guide aimed at 3.6 never shows 3.5).
  const total = Math.ceil(target * count - 1e-6);
  const base = Math.floor(total / count);
  const higher = total - base * count;
  return Array.from({ length: count }, (_, j) => Math.min(5, j < higher ? base + 1 : base));
}

function booking(
  n: number,
  gi: number,
  ti: number,
  j: number,
  endAt: number,
): Omit<DemoBooking, 'byTourist' | 'byGuide' | 'publishedAt'> {
  const guide = DEMO_GUIDES[gi]!;
  // Booked as one of the guide's experiences: the seed links the booking to it by its title.
  const tour = guide.experiences[j % guide.experiences.length]!;
  const minutes = tour.minutes;
  return {
    id: demoId(0, n),
    guideEmail: guide.email,
    touristEmail: DEMO_TOURISTS[ti]!.email,
    tourName: tour.title,
    durationMinutes: minutes,
    pricePerPerson: tour.price,
    partySize: 1 + ((gi + j) % 3),
    timeZone: timeZoneForCity(guide.city),
    startAt: endAt - minutes * 60_000,
    endAt,
  };
}

export function demoBookings(now: number): DemoBooking[] {
  const out: DemoBooking[] = [];
  const midnight = Math.floor(now / DAY) * DAY;
  DEMO_GUIDES.forEach((guide, gi) => {
    // A guide new on Lokal has no tours behind them yet.
    const count = guide.rating === null ? 0 : gi < FEATURED ? 10 : 3 + (gi % 5);
    const ratings = ratingsFor(guide.rating ?? 5, count);
    for (let j = 0; j < count; j++) {
      // Featured guides are reviewed by generated tourists only; 7 and 11 step through distinct tourists.
      const ti =
        gi < FEATURED ? FEATURED + ((gi * 11 + j * 7) % 30) : (gi * 5 + j * 7) % DEMO_TOURISTS.length;
      const daysAgo = 20 + ((gi * 11 + j * 17) % 150);
      const endAt = midnight - daysAgo * DAY + (12 + (j % 8)) * HOUR;
      const base = booking(out.length + 1, gi, ti, j, endAt);
      const byTourist = {
        rating: ratings[j]!,
        text: ABOUT_GUIDES[(gi + j) % ABOUT_GUIDES.length]!,
        at: endAt + (1 + (j % 3)) * DAY,
      };
      const byGuide =
        (gi + j) % 5 === 4
          ? null
          : {
              rating: (gi + j) % 4 === 0 ? 4 : 5,
              text: ABOUT_TOURISTS[(out.length * 7) % ABOUT_TOURISTS.length]!,
              at: endAt + (2 + (gi % 4)) * DAY,
            };
      const publishedAt = byGuide
        ? Math.max(byTourist.at, byGuide.at)
        : endAt + 60_000 + REVIEW_WINDOW_DAYS * DAY;
      out.push({ ...base, byTourist, byGuide, publishedAt });
    }
  });
  // Two recent tours whose reviews wait for the other side: Sofia has one to write, and so has James.
  // Whole hours, as people book them.
  const hour = Math.floor(now / HOUR) * HOUR;
  const sofiaTour = booking(out.length + 1, 0, 5, 0, hour - 1 * DAY);
  out.push({
    ...sofiaTour,
    byTourist: { rating: 5, text: 'Sofia knows every wall in El Raval. Unforgettable.', at: now - 12 * HOUR },
    byGuide: null,
    publishedAt: null,
  });
  const jamesTour = booking(out.length + 1, FEATURED + 1, 0, 0, hour - 2 * DAY);
  out.push({
    ...jamesTour,
    byTourist: null,
    byGuide: { rating: 5, text: 'A gracious guest with great taste in wine.', at: now - 1 * DAY },
    publishedAt: null,
  });
  return out;
}

export function demoContacts(now: number): DemoContact[] {
  // Verified generated guides reach out; featured guides never do (their message lists stay as tests expect).
  const guides = DEMO_GUIDES.slice(FEATURED).filter((g) => g.verified);
  const out: DemoContact[] = [];
  DEMO_TOURISTS.forEach((tourist, ti) => {
    if (ti === 1) return; // Aisha: no conversations at all.
    // James is the city's most sought-after guest and rarely answers; the others vary.
    const recent = ti === 0 ? 28 : ti === 2 ? 5 : (ti * 5) % 9;
    const older = ti < FEATURED ? 0 : ti % 3;
    const total = Math.min(guides.length, recent + older);
    const answered = ti === 0 ? 2 : Math.round((total * ((ti * 3) % 10)) / 10);
    for (let m = 0; m < total; m++) {
      const daysAgo = m < recent ? 1 + ((ti * 7 + m * 3) % 28) : 40 + ((ti + m) % 40);
      out.push({
        id: demoId(1, out.length + 1),
        guideEmail: guides[(ti * 7 + m) % guides.length]!.email,
        touristEmail: tourist.email,
        at: now - daysAgo * DAY - (m % 12) * HOUR,
        opener: OPENERS[(ti + m) % OPENERS.length]!,
        reply: m < answered ? REPLIES[m % REPLIES.length]! : null,
      });
    }
  });
  return out;
}

/** The id of the last seeded booking: present means the activity was seeded. */
export const LAST_DEMO_BOOKING_ID = demoId(0, demoBookings(0).length);
