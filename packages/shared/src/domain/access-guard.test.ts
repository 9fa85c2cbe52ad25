import { describe, expect, it } from 'vitest';
import { decideAccess, type GuardInput, type GuardStatus } from './access-guard.ts';
import { PROTECTED_ROUTES } from './pages.ts';

const done: GuardStatus = {
  exists: true,
  onboardingCompleted: true,
  personalityTestCompleted: true,
  role: 'guide',
};

function input(over: Partial<GuardInput> & { path?: string }): GuardInput {
  const path = over.path ?? '/guide/home';
  return {
    requirement: PROTECTED_ROUTES[path] ?? { onboarding: false, personalityTest: false },
    loading: false,
    signedIn: true,
    devMode: false,
    status: done,
    statusError: null,
    location: { pathname: path },
    ...over,
  };
}

describe('decideAccess, the 11 steps of docs/product.md#access-guard in order', () => {
  it('1. shows the checking screen while loading', () => {
    expect(decideAccess(input({ loading: true, signedIn: false }))).toEqual({
      kind: 'loading',
      message: 'Checking authentication...',
    });
  });

  it('2. sends a signed-out visitor to the role login, or / without a role', () => {
    expect(decideAccess(input({ signedIn: false }))).toMatchObject({ kind: 'redirect', to: '/guide/login' });
    expect(decideAccess(input({ signedIn: false, path: '/tourist/chats' }))).toMatchObject({
      to: '/tourist/login',
    });
    expect(
      decideAccess(
        input({ signedIn: false, path: '/x', requirement: { onboarding: false, personalityTest: false } }),
      ),
    ).toMatchObject({ to: '/' });
  });

  it('3. development mode skips every other check', () => {
    expect(
      decideAccess(input({ devMode: true, status: null, statusError: 'boom', path: '/tourist/home' })),
    ).toEqual({
      kind: 'show',
    });
  });

  it("4. a 'not found' status error goes to onboarding remembering the origin; others stay on the loading screen", () => {
    expect(decideAccess(input({ statusError: 'User not found', path: '/tourist/chats' }))).toEqual({
      kind: 'redirect',
      to: '/tourist/onboarding',
      from: '/tourist/chats',
    });
    expect(
      decideAccess(
        input({
          statusError: 'profile not found',
          requirement: { onboarding: true, personalityTest: false },
        }),
      ),
    ).toMatchObject({ to: '/guide/onboarding' });
    expect(decideAccess(input({ statusError: 'Network down' }))).toEqual({
      kind: 'error',
      message: 'Network down',
    });
  });

  it('5. a missing user record goes to onboarding', () => {
    expect(decideAccess(input({ status: { ...done, exists: false } }))).toMatchObject({
      to: '/guide/onboarding',
    });
  });

  it('6. each role is kept out of the other area', () => {
    expect(decideAccess(input({ status: { ...done, role: 'tourist' }, path: '/guide/home' }))).toEqual({
      kind: 'redirect',
      to: '/tourist/home',
    });
    expect(decideAccess(input({ status: done, path: '/tourist/home' }))).toEqual({
      kind: 'redirect',
      to: '/guide/home',
    });
  });

  it('7. a role mismatch outside the role areas goes to the actual role home, or /', () => {
    const req = { role: 'tourist' as const, onboarding: false, personalityTest: false };
    expect(decideAccess(input({ requirement: req, path: '/elsewhere' }))).toEqual({
      kind: 'redirect',
      to: '/guide/home',
    });
    expect(
      decideAccess(input({ requirement: req, path: '/elsewhere', status: { ...done, role: null } })),
    ).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('8. an onboarded user on the onboarding page moves on', () => {
    expect(
      decideAccess(
        input({
          path: '/guide/onboarding',
          location: { pathname: '/guide/onboarding', from: '/guide/chats' },
        }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/guide/chats',
    });
    expect(decideAccess(input({ path: '/guide/onboarding' }))).toEqual({
      kind: 'redirect',
      to: '/guide/home',
    });
    expect(
      decideAccess(
        input({ path: '/guide/onboarding', status: { ...done, personalityTestCompleted: false } }),
      ),
    ).toEqual({ kind: 'redirect', to: '/guide/preview' });
    const tourist = { ...done, role: 'tourist' as const };
    const onboarding = {
      role: 'tourist' as const,
      onboarding: false,
      personalityTest: false,
      onboardingPage: true,
    };
    expect(
      decideAccess(
        input({
          requirement: onboarding,
          status: tourist,
          location: { pathname: '/tourist/onboarding', from: '/tourist/chats' },
        }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/tourist/chats',
    });
    expect(
      decideAccess(
        input({
          requirement: onboarding,
          status: tourist,
          location: { pathname: '/tourist/onboarding', from: '//evil.com' },
        }),
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/tourist/home',
    });
  });

  it('9. onboarding required but not done goes to onboarding, remembering the origin', () => {
    expect(
      decideAccess(input({ path: '/guide/preview', status: { ...done, onboardingCompleted: false } })),
    ).toEqual({
      kind: 'redirect',
      to: '/guide/onboarding',
      from: '/guide/preview',
    });
  });

  it('10. a guide without the personality test goes to the test, remembering the origin', () => {
    expect(
      decideAccess(input({ path: '/guide/chats', status: { ...done, personalityTestCompleted: false } })),
    ).toEqual({
      kind: 'redirect',
      to: '/guide/personality/test',
      from: '/guide/chats',
    });
    expect(
      decideAccess(input({ path: '/guide/preview', status: { ...done, personalityTestCompleted: false } })),
    ).toEqual({ kind: 'show' });
  });

  it('11. otherwise shows the page', () => {
    expect(decideAccess(input({}))).toEqual({ kind: 'show' });
    expect(decideAccess(input({ path: '/tourist/home', status: { ...done, role: 'tourist' } }))).toEqual({
      kind: 'show',
    });
  });
});

describe('decideAccess at the staff console (/admin)', () => {
  const staff: GuardStatus = {
    exists: true,
    onboardingCompleted: false,
    personalityTestCompleted: false,
    role: 'staff',
  };
  const admin = (over: Partial<GuardInput>) => input({ path: '/admin', status: staff, ...over });

  it('shows the console to staff, who have no onboarding', () => {
    expect(decideAccess(admin({}))).toEqual({ kind: 'show' });
  });

  it('sends a signed-out visitor to the staff sign-in, remembering the page', () => {
    expect(decideAccess(admin({ signedIn: false, status: null }))).toEqual({
      kind: 'redirect',
      to: '/admin/login',
      from: '/admin',
    });
  });

  it('is not opened by development mode, signed in or not', () => {
    // The guard counts development mode as signed in; the console still asks for a real staff session.
    expect(decideAccess(admin({ devMode: true, status: null }))).toMatchObject({ to: '/admin/login' });
    expect(decideAccess(admin({ devMode: true, status: { ...done, role: 'tourist' } }))).toEqual({
      kind: 'redirect',
      to: '/tourist/home',
    });
  });

  it('sends tourists and guides to their own home', () => {
    expect(decideAccess(admin({ status: { ...done, role: 'tourist' } }))).toEqual({
      kind: 'redirect',
      to: '/tourist/home',
    });
    expect(decideAccess(admin({ status: done }))).toEqual({ kind: 'redirect', to: '/guide/home' });
  });

  it('keeps a failed status call on the loading screen instead of a tourist or guide onboarding', () => {
    expect(decideAccess(admin({ status: null, statusError: 'User not found' }))).toEqual({
      kind: 'error',
      message: 'User not found',
    });
  });

  it('sends staff who open a tourist or guide page to the console', () => {
    expect(decideAccess(input({ path: '/guide/home', status: staff }))).toEqual({
      kind: 'redirect',
      to: '/admin',
    });
    expect(decideAccess(input({ path: '/tourist/chats', status: staff }))).toEqual({
      kind: 'redirect',
      to: '/admin',
    });
  });
});
