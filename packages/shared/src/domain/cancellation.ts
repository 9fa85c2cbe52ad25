// Cancellation policies (docs/product.md#cancellation): defined once here, copied onto each booking when it is made.

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

type Rule = {
  label: string;
  /** Up to this long before the start, the tourist gets `before` of the price back; after it, `after`. */
  cutoffMs: number;
  before: number;
  after: number;
  words: string;
};

export const POLICY_RULES: Record<CancellationPolicy, Rule> = {
  flexible: {
    label: 'Flexible',
    cutoffMs: DAY_MS,
    before: 1,
    after: 0,
    words: 'Full refund if you cancel at least 24 hours before the start; no refund after that.',
  },
  moderate: {
    label: 'Moderate',
    cutoffMs: 5 * DAY_MS,
    before: 1,
    after: 0.5,
    words: 'Full refund if you cancel at least 5 days before the start; 50% refund after that.',
  },
  strict: {
    label: 'Strict',
    cutoffMs: 7 * DAY_MS,
    before: 0.5,
    after: 0,
    words: '50% refund if you cancel at least 7 days before the start; no refund after that.',
  },
};

export function policyLabel(policy: CancellationPolicy): string {
  return POLICY_RULES[policy].label;
}

export function policyInWords(policy: CancellationPolicy): string {
  return POLICY_RULES[policy].words;
}

/**
 * The share of a booking the tourist gets back when it is cancelled at `cancelledAt`, in basis points
 * (10 000 = all). A guide who cancels, or a request the guide never accepted, refunds everything; otherwise the
 * booking's policy decides by the time left before the start (exactly at the cut-off still counts as before it).
 */
export function refundShareBp(input: {
  policy: CancellationPolicy;
  startAt: Date;
  cancelledAt: Date;
  by: 'tourist' | 'guide';
  wasAccepted: boolean;
}): number {
  if (input.by === 'guide' || !input.wasAccepted) return 10_000;
  const rule = POLICY_RULES[input.policy];
  const left = input.startAt.getTime() - input.cancelledAt.getTime();
  return Math.round((left >= rule.cutoffMs ? rule.before : rule.after) * 10_000);
}
