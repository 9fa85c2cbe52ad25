// How quickly a guide answers, counted from chat (docs/product.md#response-figures): the guide page, the
// discovery card and the guide's dashboard all show these figures, from this one function.

const HOUR_MS = 3_600_000;
/** A first reply within this long counts towards the response rate. */
export const RESPONSE_WINDOW_MS = 24 * HOUR_MS;
/** Below this many conversations started by travellers, a guide is "New on Lokal": too few to measure. */
export const RESPONSE_MIN_CONVERSATIONS = 3;

/** One conversation a tourist started: when the tourist first wrote, and the guide's first reply (if any). */
export type FirstReply = { askedAt: Date | string; repliedAt: Date | string | null };

export type ResponseFigures =
  | { measured: false; conversations: number; rate: null; medianMinutes: null; label: 'New on Lokal' }
  | {
      measured: true;
      conversations: number;
      /** Percent (0–100, whole) of those conversations whose first guide reply came within 24 hours. */
      rate: number;
      /** Median minutes to the first reply over the conversations that got one; null when none did. */
      medianMinutes: number | null;
      /** "Replies within 2 hours", or "No replies yet". */
      label: string;
    };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** "within an hour", "within 3 hours", "within a day", "within 3 days": a median, rounded up. */
export function replyTimeInWords(minutes: number): string {
  if (minutes <= 60) return 'within an hour';
  const hours = Math.ceil(minutes / 60);
  if (hours < 24) return `within ${hours} hours`;
  const days = Math.ceil(hours / 24);
  return days === 1 ? 'within a day' : `within ${days} days`;
}

/**
 * The response rate and time from the first replies of conversations tourists started. A reply still
 * awaited counts as not within 24 hours once 24 hours have passed; a conversation younger than that with no
 * reply yet is left out (it may still be answered in time).
 */
export function responseFigures(samples: readonly FirstReply[], now: Date = new Date()): ResponseFigures {
  const delays: number[] = [];
  let counted = 0;
  let inTime = 0;
  for (const s of samples) {
    const asked = new Date(s.askedAt).getTime();
    const replied = s.repliedAt === null ? null : new Date(s.repliedAt).getTime();
    if (replied === null && now.getTime() - asked < RESPONSE_WINDOW_MS) continue;
    counted += 1;
    if (replied !== null) {
      const delay = Math.max(0, replied - asked);
      delays.push(delay / 60_000);
      if (delay <= RESPONSE_WINDOW_MS) inTime += 1;
    }
  }
  if (counted < RESPONSE_MIN_CONVERSATIONS) {
    return {
      measured: false,
      conversations: counted,
      rate: null,
      medianMinutes: null,
      label: 'New on Lokal',
    };
  }
  const mid = median(delays);
  const medianMinutes = mid === null ? null : Math.round(mid);
  return {
    measured: true,
    conversations: counted,
    rate: Math.round((inTime / counted) * 100),
    medianMinutes,
    label: medianMinutes === null ? 'No replies yet' : `Replies ${replyTimeInWords(medianMinutes)}`,
  };
}
