import { describe, expect, it } from 'vitest';
import { roleHome, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['/guide/home', '/guide/home'],
    ['/tourist/chats?x=1', '/tourist/chats?x=1'],
    ['/admin/queue', '/admin/queue'],
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
