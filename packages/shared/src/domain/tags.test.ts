import { describe, expect, it } from 'vitest';
import { sampleProfileId, visibleTags } from './tags.ts';

describe('visibleTags', () => {
  it('shows every tag when there are three or fewer', () => {
    expect(visibleTags(['Art', 'Food'])).toEqual({ shown: ['Art', 'Food'], more: null });
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: null });
  });
  it('shows the first three and the rest as +N', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: '+2' });
  });
  it('honours another maximum (guide-home cards show two)', () => {
    expect(visibleTags(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], more: '+1' });
  });
  it('handles no tags', () => {
    expect(visibleTags([])).toEqual({ shown: [], more: null });
  });
});

describe('sampleProfileId', () => {
  it('builds the id from the lowercase name and the age', () => {
    expect(sampleProfileId('Sofia Martinez', 28)).toBe('sofia-martinez-28');
  });
});
