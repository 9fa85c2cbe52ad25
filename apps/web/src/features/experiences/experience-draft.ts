import type { BookingMode, PriceMode } from '@lokal/shared/constants/experiences';
import { PRICE_CURRENCIES } from '@lokal/shared/constants/experiences';
import type { CancellationPolicy } from '@lokal/shared/domain/cancellation';
import type { Experience, ExperienceInput } from '@lokal/shared/schemas/experiences';

// What the editor holds while the guide types (docs/product.md#experiences): numbers as typed, so a field
// can be empty or half-written; the shared schema checks it on save.

export type ExperienceDraft = {
  title: string;
  category: string;
  summary: string;
  description: string;
  durationMinutes: number;
  priceMode: PriceMode;
  price: string;
  currency: string;
  minGroup: string;
  maxGroup: string;
  languages: string[];
  address: string;
  lat: string;
  lng: string;
  included: string[];
  notIncluded: string[];
  cancellationPolicy: CancellationPolicy;
  bookingMode: BookingMode;
};

/** The guide's currency when Lokal prices in it, else US dollars. */
export function defaultCurrency(localeCurrency: string | undefined): string {
  return localeCurrency && (PRICE_CURRENCIES as readonly string[]).includes(localeCurrency)
    ? localeCurrency
    : 'USD';
}

export function emptyDraft(currency: string): ExperienceDraft {
  return {
    title: '',
    category: '',
    summary: '',
    description: '',
    durationMinutes: 120,
    priceMode: 'person',
    price: '',
    currency,
    minGroup: '1',
    maxGroup: '8',
    languages: [],
    address: '',
    lat: '',
    lng: '',
    included: [],
    notIncluded: [],
    cancellationPolicy: 'flexible',
    bookingMode: 'request',
  };
}

const typed = (n: number | null) => (n === null ? '' : String(n));

export function draftFromExperience(e: Experience): ExperienceDraft {
  return {
    title: e.title,
    category: e.category,
    summary: e.summary,
    description: e.description,
    durationMinutes: e.durationMinutes,
    priceMode: e.priceMode,
    // 0 is a draft's price not set yet.
    price: e.price > 0 ? String(e.price) : '',
    currency: e.currency,
    minGroup: String(e.minGroup),
    maxGroup: String(e.maxGroup),
    languages: e.languages,
    address: e.meetingPoint.address,
    lat: typed(e.meetingPoint.lat),
    lng: typed(e.meetingPoint.lng),
    included: e.included,
    notIncluded: e.notIncluded,
    cancellationPolicy: e.cancellationPolicy,
    bookingMode: e.bookingMode,
  };
}

/** An empty number field is NaN, which the schema refuses with the field's own message. */
const num = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));

/** The body the schema checks: an empty price is 0 (not set yet), empty coordinates are none. */
export function draftToInput(d: ExperienceDraft): ExperienceInput {
  return {
    title: d.title,
    category: d.category,
    summary: d.summary,
    description: d.description,
    durationMinutes: d.durationMinutes,
    priceMode: d.priceMode,
    price: d.price.trim() === '' ? 0 : Number(d.price),
    // Checked by the schema: an unknown code gets its message there.
    currency: d.currency as ExperienceInput['currency'],
    minGroup: num(d.minGroup),
    maxGroup: num(d.maxGroup),
    languages: d.languages as ExperienceInput['languages'],
    meetingPoint: {
      address: d.address,
      lat: d.lat.trim() === '' ? null : Number(d.lat),
      lng: d.lng.trim() === '' ? null : Number(d.lng),
    },
    included: d.included,
    notIncluded: d.notIncluded,
    cancellationPolicy: d.cancellationPolicy,
    bookingMode: d.bookingMode,
  };
}
