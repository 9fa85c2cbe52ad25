// The staff console and the operator CLI (docs/product.md#verification): limits, wording and the audit vocabulary.

/** The audit log's actor for commands run with `npm run lokal`. */
export const OPERATOR_ACTOR = 'operator (CLI)';

export const REJECTION_REASON_MAX = 500;
export const RESOLUTION_MAX = 500;
export const ADMIN_PAGE_SIZE = 20;
/** Messages of the reported conversation shown beside a report. */
export const REPORT_PREVIEW_MESSAGES = 8;
/** An unverified guide's dashboard asks again this often (and on returning to the tab). */
export const VERIFICATION_REFETCH_MS = 30_000;

export const AUDIT_ACTIONS = {
  'guide.verify': 'Verified a guide',
  'guide.reject': 'Rejected a guide',
  'invite.add': 'Added an invite',
  'invite.remove': 'Removed an invite',
  'waitlist.invite': 'Invited from the waitlist',
  'waitlist.dismiss': 'Dismissed a waitlist request',
  'report.resolve': 'Resolved a report',
  'staff.add': 'Made a staff member',
  'staff.remove': 'Removed a staff member',
  'user.warn': 'Warned a member',
  'user.suspend': 'Suspended a member',
  'user.reinstate': 'Reinstated a member',
  'guide.unverify': 'Un-verified a guide',
  'account.export': 'Downloaded their data',
  'account.delete': 'Deleted their account',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const ADMIN_MESSAGES = {
  notStaff: "This address can't sign in to the staff console.",
  staffAccount: 'This e-mail belongs to a staff account. Sign in to the staff console instead.',
  staffOnly: 'This action is not available to your account',
  guideNotFound: 'No guide with this account',
  notPending: 'This guide is no longer waiting for review.',
  notReady: 'This guide has not finished onboarding and the personality assessment yet.',
  alreadyVerified: 'This guide is already verified.',
  reasonRequired: 'Tell the guide why (up to 500 characters)',
  alreadyInvited: (email: string) => `${email} is already on the invite list.`,
  inviteNotFound: 'This address is not on the invite list.',
  configInvite: 'This address comes from the INVITES or ADMIN_EMAILS setting; remove it there.',
  waitlistNotFound: 'This request was already handled.',
  reportNotFound: 'Unknown report',
  alreadyResolved: 'This report is already resolved.',
  resolutionRequired: 'Write a short note on what was done (up to 500 characters)',
  mailFailed: 'The e-mail could not be sent. Nothing was changed; try again.',
  alreadyStaff: (email: string) => `${email} is already staff.`,
  notStaffAccount: (email: string) => `${email} is not a staff account.`,
  stillInConfig: (email: string) => `${email} is in ADMIN_EMAILS; remove it there first.`,
  verifiedTitle: 'Your profile is verified',
  verifiedBody: 'Our team has verified your guide profile. Your dashboard is open: contact any traveller.',
  rejectedTitle: 'Your profile needs changes',
  rejectedBody: (reason: string) =>
    `Our team could not verify your profile yet. Reason: ${reason.replace(/[.!?\s]+$/, '')}. Update your answers and submit the assessment again to be reviewed again.`,
} as const;
