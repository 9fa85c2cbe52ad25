import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Where a member's uploaded photos are served; any other picture is the drawn avatar (or a demo address). */
export const UPLOADED_PHOTO_PREFIX = '/api/uploads/';

/** Whether the picture is one the member uploaded, not the drawn avatar: the one test of "has a photo". */
export function ownPhoto(image: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`(${image} like ${`${UPLOADED_PHOTO_PREFIX}%`})`;
}
