import { describe, expect, it } from 'vitest';
import { avatarSvg, avatarUrl } from './avatar.ts';

describe('avatarSvg', () => {
  it('draws the same portrait for the same seed', () => {
    expect(avatarSvg('sofia-martinez')).toBe(avatarSvg('sofia-martinez'));
  });
  it('draws different portraits for different seeds', () => {
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(new Set(seeds.map((s) => avatarSvg(s))).size).toBeGreaterThan(4);
  });
  it('is a small, self-contained SVG', () => {
    const svg = avatarSvg('marco', 'masculine');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(svg.length).toBeLessThan(2000);
  });
});

describe('avatarUrl', () => {
  it('makes a safe slug', () => {
    expect(avatarUrl('Sofia Martínez!')).toBe('/api/avatars/sofia-mart-nez-.svg');
    expect(avatarUrl('x', 'feminine')).toBe('/api/avatars/x.svg?style=feminine');
  });
});
