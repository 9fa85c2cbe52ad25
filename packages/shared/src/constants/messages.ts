// User-facing strings (docs/product.md#messages), kept once so screens and tests use the same text.
export const MESSAGES = {
  tourTypeToast: (tourType: string) => `Interested in ${tourType}? Create your profile to find local guides!`,
  guideCardToast: (name: string) => `Connect with ${name} by creating your tourist profile!`,
  travelerCardToast: (name: string) => `Join as a guide to connect with travelers like ${name}!`,
  httpError: (status: number) => `HTTP error! status: ${status}`,
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const;
