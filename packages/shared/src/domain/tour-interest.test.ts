import { describe, expect, it } from 'vitest';
import { TOUR_TYPES } from '../constants/tour-types.ts';
import { tourSignupPath, tourTypeOf } from './tour-interest.ts';

const searchOf = (path: string) => new URL(path, 'http://lokal.test').searchParams;

describe('tour interest in the sign-up address', () => {
  it('names each tour type by its own slug and finds it again', () => {
    expect(tourSignupPath({ name: 'Food & Dining' })).toBe('/tourist/signup?tour=food-dining');
    const slugs = new Set(TOUR_TYPES.map((t) => searchOf(tourSignupPath(t)).get('tour')));
    expect(slugs.size).toBe(TOUR_TYPES.length);
    for (const t of TOUR_TYPES) expect(tourTypeOf(searchOf(tourSignupPath(t)))).toBe(t);
  });

  it('finds nothing without the parameter or for a name that is not a tour type', () => {
    expect(tourTypeOf(searchOf('/tourist/signup'))).toBeUndefined();
    expect(tourTypeOf(searchOf('/tourist/signup?tour='))).toBeUndefined();
    expect(tourTypeOf(searchOf('/tourist/signup?tour=food-%26-dining'))).toBeUndefined();
    expect(tourTypeOf(searchOf('/tourist/signup?tour=Food%20%26%20Dining'))).toBeUndefined();
  });
});
