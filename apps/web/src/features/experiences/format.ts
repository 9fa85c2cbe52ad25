import { EXPERIENCE_LIMITS as L } from '@lokal/shared/constants/experiences';
import { formatMoney } from '@lokal/shared/domain/discovery';

// How an experience reads to a traveller (docs/product.md#experiences).

/** 150 → '2 h 30 min', 60 → '1 h', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
}

/** Every duration a guide may choose: 30 minutes to 12 hours in quarter hours. */
export const DURATION_OPTIONS: readonly number[] = Array.from(
  { length: (L.durationMax - L.durationMin) / L.durationStep + 1 },
  (_, i) => L.durationMin + i * L.durationStep,
);

/** '€45 per person', '$200 per group'; a price of 0 is a draft's 'not set yet'. */
export function priceLine(price: number, currency: string, mode: 'person' | 'group'): string {
  if (!(price > 0)) return 'Price not set yet';
  return `${formatMoney(price, currency)} ${mode === 'person' ? 'per person' : 'per group'}`;
}

/** '1–8 people', '2 people', '1 person'. */
export function groupSize(min: number, max: number): string {
  if (min === max) return `${min} ${min === 1 ? 'person' : 'people'}`;
  return `${min}–${max} people`;
}

/** The description's paragraphs: blocks of text between blank lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A range whose end is at or before its start runs past midnight (docs/product.md#availability). */
export function endsNextDay(range: { start: string; end: string }): boolean {
  return range.end <= range.start;
}
