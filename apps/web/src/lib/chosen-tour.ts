// The tour type a visitor chose on the landing (docs/product.md#open-screens), kept in this browser until the
// traveller's first discovery: it fills the onboarding's interests and the discovery's Experience filter.
import { EXPERIENCE_CATEGORIES } from '@lokal/shared/constants/experiences';
import { storage } from './storage.ts';

const KEY = 'lokal.chosenTour';

export const chosenTour = {
  remember(name: string): void {
    storage.set(KEY, name);
  },
  /** The remembered tour type, if it is still one of the categories. */
  get(): string | undefined {
    const name = storage.get(KEY);
    return name && EXPERIENCE_CATEGORIES.includes(name) ? name : undefined;
  },
  forget(): void {
    storage.remove(KEY);
  },
};
