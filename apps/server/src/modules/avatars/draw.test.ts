import { avatarUrl, memberAvatarUrl, styleForName } from '@lokal/shared/domain/avatar';
import { describe, expect, it } from 'vitest';
import { avatarSvg } from './draw.ts';

describe('avatarSvg', () => {
  it('draws the same portrait for the same seed', () => {
    expect(avatarSvg('sofia-martinez', 'feminine')).toBe(avatarSvg('sofia-martinez', 'feminine'));
  });
  it('draws different portraits for different seeds', () => {
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(new Set(seeds.map((s) => avatarSvg(s))).size).toBeGreaterThan(4);
  });
  it('follows the look asked for', () => {
    expect(avatarSvg('kim', 'feminine')).not.toBe(avatarSvg('kim', 'masculine'));
  });
  it('is a small, self-contained SVG', () => {
    const svg = avatarSvg('marco', 'masculine');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/(href|src)=["']https?:/);
    expect(svg.length).toBeLessThan(12_000);
  });
});

describe('styleForName', () => {
  it('reads the look from common and demo first names, accents and spaces aside', () => {
    expect(styleForName('Amélie')).toBe('feminine');
    expect(styleForName('Wei Ling')).toBe('feminine');
    expect(styleForName('Kenji')).toBe('masculine');
    expect(styleForName('Théo')).toBe('masculine');
  });
  it('leaves a name that does not tell neutral', () => {
    expect(styleForName('Alex')).toBeUndefined();
    expect(styleForName('Zyx')).toBeUndefined();
  });
});

describe('avatarUrl', () => {
  it('makes a safe slug', () => {
    expect(avatarUrl('Sofia Martínez!')).toBe('/api/avatars/sofia-mart-nez-.svg');
    expect(avatarUrl('x', 'feminine')).toBe('/api/avatars/x.svg?style=feminine');
  });
  it("takes a member's stated gender first, then the first name", () => {
    const id = '12345678-0000';
    expect(memberAvatarUrl({ userId: id, firstName: 'Sofia', lastName: 'R', gender: 'male' })).toMatch(
      /style=masculine$/,
    );
    expect(memberAvatarUrl({ userId: id, firstName: 'Sofia', lastName: 'R' })).toMatch(/style=feminine$/);
    expect(memberAvatarUrl({ userId: id, firstName: 'Robin', lastName: 'R' })).not.toMatch(/style=/);
  });
});
