import { describe, expect, it } from 'vitest';
import { conversationPath, PAGE_LIST, PROTECTED_ROUTES, paths } from './pages.ts';

describe('the page table', () => {
  it('names each path once, and every page but the landing page has a screen', () => {
    const all = PAGE_LIST.map((p) => p.path);
    expect(new Set(all).size).toBe(all.length);
    expect(PAGE_LIST.filter((p) => !p.screen).map((p) => p.path)).toEqual([paths.landing]);
  });

  it('guards exactly the pages that say who may see them', () => {
    expect(Object.keys(PROTECTED_ROUTES)).toEqual(PAGE_LIST.filter((p) => p.access).map((p) => p.path));
    expect(PROTECTED_ROUTES[paths.admin.home]).toMatchObject({ role: 'staff' });
    expect(PROTECTED_ROUTES[paths.guide.login]).toBeUndefined();
  });

  it('builds the page of one conversation with its id escaped', () => {
    expect(conversationPath('guide', 'a/b c')).toBe('/guide/chats/a%2Fb%20c');
    expect(conversationPath('tourist', 'x')).toBe('/tourist/chats/x');
  });
});
