// Discovery constants (docs/product.md#discovery).
import { EXPERIENCE_CATEGORIES } from './experiences.ts';

/**
 * The tourist home's category chips: the experience categories (the landing's ten tour types), one list with
 * the Experience filter, whose `type` parameter the chips set (docs/product.md#guide-search).
 */
export const TOURIST_HOME_CATEGORIES = ['All', ...EXPERIENCE_CATEGORIES] as const;
export const GUIDE_HOME_CATEGORIES = [
  'All',
  'Art & Culture',
  'Food & Wine',
  'Nightlife',
  'Shopping',
  'History',
  'Adventure',
] as const;
export const MEMBERSHIP_STATUSES = ['Luxury VIP Member', 'Premium Member', 'Gold Member'] as const;
export const SEARCH_SORTS = ['recommended', 'rating', 'price_asc', 'price_desc', 'best_match'] as const;
export const DEFAULT_CITY = 'Your City';
export const DEFAULT_CURRENCY = 'USD';
export const MOST_DESIRED_THRESHOLD = 60;
export const VERY_SELECTIVE_BELOW = 9;
export const VERIFICATION_MODAL_DELAY_MS = 2000;
export const BANNER_BUDGET = '$200+/hour';

export const DISCOVERY_MESSAGES = {
  addedFavorite: (name: string) => `Added ${name} to favorites!`,
  removedFavorite: (name: string) => `Removed ${name} from favorites`,
  favoriteFailed: 'Failed to update favorites. Please try again.',
  noTourists: 'No tourists found',
  highValueBanner: '3 High-Value Tourists Online',
  personalityRequired: 'Complete your personality test before contacting tourists.',
  onboardingRequired: 'Complete onboarding to see travellers.',
  cityRequired: 'Add your city to see travellers there.',
  unverifiedContact:
    'While your profile is being verified you can connect with the three top guests in your city who welcome new guides.',
  mostDesired: 'Most Desired Tourist',
  verySelective: 'Very selective',
  notSelective: 'Not selective',
} as const;

/** Guide-home chips map to the interests they match. */
export const GUIDE_CATEGORY_INTERESTS: Record<string, string[]> = {
  'Art & Culture': ['Art', 'Architecture', 'Photography', 'Music'],
  'Food & Wine': ['Fine Dining', 'Wine', 'Food'],
  Nightlife: ['Nightlife', 'Live Music', 'Music'],
  Shopping: ['Fashion', 'Shopping'],
  History: ['History', 'Architecture'],
  Adventure: ['Adventure', 'Sailing'],
};
