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
    settings: '/guide/settings',
    topTourists: '/guide/top-tourists',
  },
} as const;

export type Role = 'tourist' | 'guide';

export function rolePaths(role: Role) {
  return paths[role];
}
