// A landing tour type carries the visitor to the tourist sign-up with the tour in the address
// (docs/product.md#open-screens): a plain link works before the page's script has run, and the interest
// stays on a reload.
import { TOUR_TYPES, type TourType } from '../constants/tour-types.ts';
import { paths } from './pages.ts';
import { slugBase } from './slug.ts';

/** The query parameter of the tourist sign-up that names the tour type. */
export const TOUR_PARAM = 'tour';

/** "Food & Dining" → "/tourist/signup?tour=food-dining". */
export function tourSignupPath(tour: Pick<TourType, 'name'>): string {
  return `${paths.tourist.signup}?${TOUR_PARAM}=${slugBase(tour.name)}`;
}

/** The tour type a sign-up address names, or undefined (none, or one that is not a tour type). */
export function tourTypeOf(search: URLSearchParams): TourType | undefined {
  const slug = search.get(TOUR_PARAM);
  return slug ? TOUR_TYPES.find((t) => slugBase(t.name) === slug) : undefined;
}
