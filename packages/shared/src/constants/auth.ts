// Auth strings and limits (docs/product.md#sign-in, docs/product.md#messages).
export const AUTH_MESSAGES = {
  sendFailed: 'Something went wrong. Please try again.',
  resendFailed: 'Failed to resend email. Please try again.',
  /** Sign-in mail has been failing for minutes (docs/product.md#mail-and-sms). */
  mailUnavailable:
    "We can't send e-mail right now, so no sign-in link is on its way. Please try again in a few minutes.",
  signInFailed: 'Sign-in failed. Please try again.',
  notAuthenticated: 'User not authenticated',
  /** Staff suspended the account (docs/product.md#staff-actions). */
  suspended: 'This account is suspended. Write to support@lokal.app if you think this is a mistake.',
  invalidLink: 'Invalid sign-in link',
  // Each failed link is told apart, each with a way to a new one (docs/product.md#sign-in).
  linkExpired: 'This sign-in link has expired. A link works for 10 minutes, and only the newest one works.',
  linkUsed: 'This sign-in link was already used. Each link works once.',
  otherBrowser: 'This link was opened in a different browser from the one that asked for it.',
  newLinkSent: (email: string) => `A new sign-in link is on its way to ${email}.`,
  newLinkMaybeSent: 'If this address can sign in, a new link is on its way.',
  emailRequired: 'Email is required for sign-in',
  signOutFailed: 'Failed to sign out',
  signedOut: 'Successfully signed out',
  signedOutEverywhere: 'Signed out on every device',
  signOutEverywhereTitle: 'Sign out everywhere?',
  signOutEverywhereBody:
    'This ends your sessions in every browser and on every device, this one included. You will need a new sign-in link on each.',
  statusFailed: 'Failed to check user status',
  checkingAuth: 'Checking authentication...',
  betaTitle: 'Beta Access Only',
  betaBody:
    "Lokal is in private beta. Your e-mail isn't on the invite list yet, or your city is not yet open. Ask us for access and we'll be in touch.",
  betaRequested: "Request received — we'll be in touch.",
  roleMismatch: (role: string) => `This e-mail already has a ${role} account. Sign in as a ${role} instead.`,
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  devEnabled: 'Development mode enabled!',
  devDisabled: 'Development mode disabled!',
  mockSignedIn: (role: string) => `Mock ${role} sign-in successful!`,
  devSignedOut: 'Signed out successfully!',
} as const;

export const STORAGE_KEYS = {
  emailForSignIn: 'emailForSignIn',
  userType: 'userType',
  mockUser: 'mockUser',
  developmentModeEnabled: 'developmentModeEnabled',
  mockUserType: 'mockUserType',
} as const;

export const MAGIC_LINK_TTL_MS = 10 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session unused this long ends too (docs/product.md#sign-in). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** A session's last use is written at most this often: the idle time is counted to the hour. */
export const SESSION_SEEN_EVERY_MS = 60 * 60 * 1000;
export const REDIRECT_DELAY_MS = 2000;
export const MOCK_UID_PREFIX = 'mock_';
