import { sql } from 'drizzle-orm';
import { guideProfiles } from './schema/profiles.ts';

/**
 * Whether travellers may see a guide: listed (onboarding and the assessment done, profile not hidden). The one
 * rule every repository filters guides by (docs/product.md#hidden-and-unverified-guides); a suspension adds
 * its condition here. The guide themself and staff see the page anyway: services decide that.
 */
export const guideVisibleToTravellers = sql<boolean>`(${guideProfiles.listed})`;
