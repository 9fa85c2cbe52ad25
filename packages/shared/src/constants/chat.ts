/** The longest message body, in characters. */
export const MESSAGE_MAX = 2000;

// Chat wording shared by the server's errors and the screens.
export const CHAT_MESSAGES = {
  blockedByMe: (name: string) => `You blocked ${name}. Unblock to send messages again.`,
  cannotSend: 'You can no longer send messages in this conversation.',
  /** The other party was suspended or deleted their account (docs/product.md#staff-actions). */
  memberUnavailable: 'This member is no longer available on Lokal.',
  deletedMember: 'Deleted member',
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  reported: 'Thank you. Our team will review your report.',
  sendFailed: 'Not sent',
  masked: 'Contact details are hidden until you book through Lokal.',
  emptyConversation: (name: string) =>
    `Say hello to ${name}. Plan the experience here, then book through Lokal.`,
} as const;

export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'harassment', label: 'Harassment or hateful language' },
  { value: 'scam', label: 'Scam or payment outside Lokal' },
  { value: 'inappropriate', label: 'Inappropriate content' },
  { value: 'safety', label: 'I feel unsafe' },
  { value: 'other', label: 'Something else' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** How long a typing indicator stays without a new typing event. */
export const TYPING_TTL_MS = 4000;
