import { and, isNull, type SQL, sql } from 'drizzle-orm';
import { guideProfiles } from './schema/profiles.ts';
import { users } from './schema/users.ts';

// Who others may find and reach (docs/product.md#staff-actions, docs/product.md#your-data), in one place.
//
// Guides: every repository that shows or reaches a guide (search, profile, reviews, experiences, chat,
// bookings, favorites, the landing page) filters on `guide_profiles.listed`. Suspending or deleting an account
// clears that column, and `listedAgain` is the one expression that sets it back on reinstatement.
// Tourists and everyone else: `activeMember` (not suspended, not deleted).

/** A member others may see and reach: not suspended and not deleted. */
export function activeMember(u: typeof users = users): SQL {
  return and(isNull(u.suspendedAt), isNull(u.deletedAt))!;
}

/**
 * What `listed` is again for a guide whose account is active (reinstated): done with onboarding and the
 * assessment, and not hiding the profile (docs/product.md#hidden-and-unverified-guides).
 */
export const listedAgain: SQL = sql`(not ${guideProfiles.hideProfile} and exists (
  select 1 from ${users} u where u.id = ${guideProfiles.userId} and u.role = 'guide'
    and u.onboarding_completed and u.personality_test_completed
    and u.suspended_at is null and u.deleted_at is null))`;

/** Raw-SQL form of `activeMember` for a users row aliased `alias`. */
export const activeMemberSql = (alias: string): SQL =>
  sql.raw(`(${alias}.suspended_at is null and ${alias}.deleted_at is null)`);
