import type { Conversation } from '../schemas/chat.ts';

/**
 * Conversation search (docs/product.md#chat): a tourist searches by guide name, a guide by tourist name or country;
 * case-insensitive substring.
 */
export function matchesConversation(c: Conversation, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const fields = c.other.role === 'tourist' ? [c.other.name, c.other.place] : [c.other.name];
  return fields.some((f) => f.toLowerCase().includes(q));
}

const DAY = 24 * 60 * 60 * 1000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Whole calendar days between two moments, in local time (0 = same day). */
export function calendarDaysBetween(earlier: Date, later: Date): number {
  return Math.round((startOfDay(later) - startOfDay(earlier)) / DAY);
}

/** The separator above a day's messages: Today, Yesterday, a weekday this week, else the date. */
export function dayLabel(at: Date | string, now: Date = new Date(), locale?: string): string {
  const d = new Date(at);
  const days = calendarDaysBetween(d, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return d.toLocaleDateString(locale, { weekday: 'long' });
  return d.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'long',
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
}

/** The list's timestamp: the time today, Yesterday, a short weekday this week, else a short date. */
export function listTimestamp(at: Date | string, now: Date = new Date(), locale?: string): string {
  const d = new Date(at);
  const days = calendarDaysBetween(d, now);
  if (days <= 0) return d.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  if (days === 1) return 'Yesterday';
  if (days < 7) return d.toLocaleDateString(locale, { weekday: 'short' });
  return d.toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(d.getFullYear() === now.getFullYear() ? {} : { year: '2-digit' }),
  });
}
