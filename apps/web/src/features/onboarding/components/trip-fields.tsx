import { EXPERIENCE_CATEGORIES } from '@lokal/shared/constants/experiences';
import { LANGUAGES, PARTY_SIZES } from '@lokal/shared/constants/onboarding';
import { Field } from '../../../components/ui/field.tsx';
import { ChoiceChips } from './choice-chips.tsx';

export type TripDraft = {
  city: string;
  travelFrom: string;
  travelTo: string;
  partySize: number | null;
  languages: string[];
  interests: string[];
};

export const emptyTrip = (city = ''): TripDraft => ({
  city,
  travelFrom: '',
  travelTo: '',
  partySize: null,
  languages: [],
  interests: [],
});

const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
const SPOKEN = LANGUAGES.filter((l) => l !== 'Other');
const partyLabel = (n: number) => (n === PARTY_SIZES.at(-1) ? `${n}+` : String(n));

/**
 * Where and when, the party, languages and interests: what the match score reads (docs/product.md#match-score).
 * Every part is a few taps and may be left empty.
 */
export function TripFields({
  trip,
  onChange,
}: {
  trip: TripDraft;
  onChange: (t: Partial<TripDraft>) => void;
}) {
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">A few taps so your matches mean something. Skip any of it.</p>
      <Field
        label="Where are you going?"
        name="trip-city"
        autoComplete="off"
        placeholder="Lisbon"
        value={trip.city}
        onChange={(e) => onChange({ city: e.target.value })}
      />
      <div className="grid grid-cols-2 gap-3">
        <Field
          label="From"
          name="trip-from"
          type="date"
          value={trip.travelFrom}
          onChange={(e) => onChange({ travelFrom: e.target.value })}
        />
        <Field
          label="To"
          name="trip-to"
          type="date"
          min={trip.travelFrom || undefined}
          value={trip.travelTo}
          onChange={(e) => onChange({ travelTo: e.target.value })}
        />
      </div>
      <ChoiceChips
        legend="How many of you?"
        options={PARTY_SIZES.map(partyLabel)}
        value={trip.partySize === null ? '' : partyLabel(trip.partySize)}
        onChange={(v) => onChange({ partySize: Number.parseInt(v, 10) })}
      />
      <ChoiceChips
        legend="Languages you speak"
        multiple
        options={SPOKEN}
        value={trip.languages}
        onChange={(v) => onChange({ languages: toggle(trip.languages, v) })}
      />
      <ChoiceChips
        legend="What do you love?"
        multiple
        options={EXPERIENCE_CATEGORIES}
        value={trip.interests}
        onChange={(v) => onChange({ interests: toggle(trip.interests, v) })}
      />
    </div>
  );
}

/** The draft as the API takes it: empty parts are left out. */
export function tripBody(t: TripDraft) {
  return {
    city: t.city.trim(),
    travelFrom: t.travelFrom || null,
    travelTo: t.travelTo || null,
    partySize: t.partySize,
    languages: t.languages,
    interests: t.interests,
  };
}
