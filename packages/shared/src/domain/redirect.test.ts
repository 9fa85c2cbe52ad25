import { describe, expect, it } from 'vitest';
import { roleHome, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/guide/home', '/guide/home'],
    ['/tourist/chats?x=1', '/tourist/chats?x=1'],
    ['/admin/queue', '/admin/queue'],
    ['/guides/sofia-martinez', '/guides/sofia-martinez'],
    [
      '/experiences/8d3e0c59-4a8f-4d2b-9f67-2a7c1b0e5d11',
      '/experiences/8d3e0c59-4a8f-4d2b-9f67-2a7c1b0e5d11',
    ],
  ])('keeps the same-origin path %s', (target, expected) => {
    expect(safeRedirect(target, 'guide')).toBe(expected);
  });

  it.each([
    '//evil.com',
    'https://evil.com',
    '/\\evil.com',
    'javascript:alert(1)',
    '/tourist/../../evil',
    '/',
    '/test',
    '/guides',
    '/guidesevil',
    '/experiences//evil.com',
    '/guides/../admin',
    '/guides\\evil.com',
    ' /guide/home',
    '/guide/home\n',
    '',
    null,
    42,
  ])('falls back to the role home for %j', (target) => {
    expect(safeRedirect(target, 'tourist')).toBe('/tourist/home');
  });
});

describe('roleHome', () => {
  it('maps each role to its home', () => {
    expect(roleHome('tourist')).toBe('/tourist/home');
    expect(roleHome('guide')).toBe('/guide/home');
    expect(roleHome('staff')).toBe('/admin');
    expect(roleHome(null)).toBe('/');
  });
});
