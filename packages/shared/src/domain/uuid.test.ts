import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

describe('isUuid', () => {
  it('accepts the canonical form, in either case', () => {
    expect(isUuid('0b6f3c1e-4f2a-4c7d-9a1b-2c3d4e5f6a7b')).toBe(true);
    expect(isUuid('0B6F3C1E-4F2A-4C7D-9A1B-2C3D4E5F6A7B')).toBe(true);
  });

  it('refuses what only looks like one: 36 dashes, misplaced dashes, other letters, other types', () => {
    expect(isUuid('-'.repeat(36))).toBe(false);
    expect(isUuid('0b6f3c1e4-f2a-4c7d-9a1b-2c3d4e5f6a7b')).toBe(false);
    expect(isUuid('zb6f3c1e-4f2a-4c7d-9a1b-2c3d4e5f6a7b')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
