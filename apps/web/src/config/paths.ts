// Every URL path of the app, once.
export const paths = {
  landing: '/',
  test: '/test',
  tourist: {
    signup: '/tourist/signup',
    login: '/tourist/login',
    authRedirect: '/tourist/auth-redirect',
    onboarding: '/tourist/onboarding',
    home: '/tourist/home',
    chats: '/tourist/chats',
    conversation: '/tourist/chats/:conversationId',
    bookings: '/tourist/bookings',
    settings: '/tourist/settings',
  },
  guide: {
    signup: '/guide/signup',
    login: '/guide/login',
    authRedirect: '/guide/auth-redirect',
    onboarding: '/guide/onboarding',
    preview: '/guide/preview',
    personalityTest: '/guide/personality/test',
    home: '/guide/home',
    chats: '/guide/chats',
    conversation: '/guide/chats/:conversationId',
    bookings: '/guide/bookings',
    settings: '/guide/settings',
    topTourists: '/guide/top-tourists',
  },
  // The staff console (docs/product.md#staff-console).
  admin: {
    login: '/admin/login',
    authRedirect: '/admin/auth-redirect',
    home: '/admin',
  },
} as const;

export type Role = 'tourist' | 'guide';

export function rolePaths(role: Role) {
  return paths[role];
}

/** The page of one conversation. */
export function conversationPath(role: Role, conversationId: string): string {
  return paths[role].conversation.replace(':conversationId', encodeURIComponent(conversationId));
}
