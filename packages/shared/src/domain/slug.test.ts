import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, slugBase, slugWithSuffix } from './slug.ts';

describe('slugs', () => {
  it('keeps letters and digits of the name, without accents', () => {
    expect(slugBase('María José')).toBe('maria-jose');
    expect(slugBase("  D'Arcy  O’Neil ")).toBe('darcy-oneil');
    expect(slugBase('李')).toBe('guide');
    expect(slugBase('a'.repeat(80))).toHaveLength(48);
  });
  it('adds a URL-safe suffix', () => {
    expect(slugWithSuffix('sofia-martinez', 'A1B2')).toBe('sofia-martinez-a1b2');
    expect(SLUG_PATTERN.test(slugWithSuffix('sofia-martinez', 'a1b2'))).toBe(true);
    expect(SLUG_PATTERN.test('../etc')).toBe(false);
  });
});
