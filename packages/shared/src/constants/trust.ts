// Trust and safety (docs/product.md#staff-actions, docs/product.md#your-data): limits and wording shared by the
// server's answers and the screens.

/** Staff must give a reason for each action; the person reads it. */
export const STAFF_REASON_MAX = 500;
/** An identity document: an image (JPEG, PNG, WebP) or a PDF, at most this many bytes. */
export const IDENTITY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The document's file is deleted this long after the staff decision (verify, reject, un-verify). */
export const IDENTITY_DOCUMENT_KEEP_DAYS = 30;
/** What the person types to confirm deleting the account. */
export const DELETE_CONFIRMATION = 'DELETE';

export const STAFF_ACTIONS = ['warn', 'suspend', 'reinstate', 'unverify'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

export const TRUST_MESSAGES = {
  reasonRequired: 'Give a reason the person will read (up to 500 characters)',
  userNotFound: 'No member with this account',
  notAMember: 'Staff accounts cannot be warned, suspended or deleted here.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  notVerified: 'This guide is not verified.',
  accountDeleted: 'This account was deleted.',
  /** Staff verify only with evidence (docs/product.md#verification). */
  evidenceMissing: (missing: string[]) => `Verification needs ${missing.join(' and ')} first.`,
  missingPhone: 'a verified phone',
  missingDocument: 'an identity document',
  documentNotFound: 'No identity document uploaded',
  documentType: 'Upload a JPEG, PNG or WebP picture or a PDF',
  documentTooLarge: 'The document must be 10 MB or smaller',
  documentUploaded: 'Identity document uploaded. Our team will review it.',
  confirmDelete: `Type ${DELETE_CONFIRMATION} to confirm`,
  upcomingBookings: (n: number) =>
    `You have ${n} upcoming booking${n === 1 ? '' : 's'} with this person. Blocking cancels ${n === 1 ? 'it' : 'them'}.`,
  blockCancelReason: 'Cancelled because one of you blocked the other.',
  deleteCancelReason: 'Cancelled because the account was deleted.',
  warnedTitle: 'A warning from the Lokal team',
  suspendedTitle: 'Your account is suspended',
  reinstatedTitle: 'Your account is active again',
  unverifiedTitle: 'Your profile is no longer verified',
} as const;

export const STAFF_ACTION_LABELS: Record<StaffAction, string> = {
  warn: 'Warn',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
  unverify: 'Un-verify',
};
