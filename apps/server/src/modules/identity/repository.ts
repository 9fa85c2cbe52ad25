import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ownPhoto } from '../../db/own-photo.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { experiences, guideAvailability, type WeeklyRanges } from '../../db/schema/experiences.ts';
import { guideProfiles, identityDocuments } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export type DocumentRow = typeof identityDocuments.$inferSelect;

// One key for the clean-up: with several instances, one of them deletes at a time.
const CLEANUP_LOCK = sql`hashtext('lokal:identity-documents-cleanup')`;

export function createIdentityRepository(db: Db) {
  return {
    async document(userId: string): Promise<DocumentRow | null> {
      const [row] = await db.select().from(identityDocuments).where(eq(identityDocuments.userId, userId));
      return row ?? null;
    },

    /** Stores the new document; answers the file it replaced, if any (its file is then deleted). */
    async save(row: Omit<DocumentRow, 'decidedAt'>): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ file: identityDocuments.file })
          .from(identityDocuments)
          .where(eq(identityDocuments.userId, row.userId))
          .for('update');
        await tx
          .insert(identityDocuments)
          .values({ ...row, decidedAt: null })
          .onConflictDoUpdate({
            target: identityDocuments.userId,
            set: {
              file: row.file,
              mimeType: row.mimeType,
              size: row.size,
              uploadedAt: row.uploadedAt,
              decidedAt: null,
            },
          });
        return old?.file ?? null;
      });
    },

    /** What staff need before verifying: a verified phone and an uploaded document. */
    async evidence(userId: string): Promise<{ phoneVerified: boolean; document: boolean }> {
      const [row] = await db
        .select({
          phoneVerifiedAt: users.phoneVerifiedAt,
          phone: users.phone,
          document: sql<boolean>`exists (select 1 from ${identityDocuments} d where d.user_id = ${users.id})`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return {
        phoneVerified: Boolean(row?.phone && row.phoneVerifiedAt),
        document: Boolean(row?.document),
      };
    },

    /** The records a guide's activation checklist reads (docs/product.md#guide-screens), one statement. */
    async activation(userId: string) {
      const published = db
        .select({ n: sql`1` })
        .from(experiences)
        .where(and(eq(experiences.guideId, userId), eq(experiences.status, 'published')))
        .limit(1);
      const waiting = db
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.guideId, userId), eq(bookings.status, 'requested')));
      const [row] = await db
        .select({
          verified: sql<boolean>`coalesce(${guideProfiles.verified}, false)`,
          photo: sql<boolean>`coalesce(${ownPhoto(guideProfiles.image)}, false)`,
          document: sql<boolean>`exists (select 1 from ${identityDocuments} d where d.user_id = ${users.id})`,
          experience: sql<boolean>`exists (${published})`,
          weekly: sql<WeeklyRanges | null>`(select ${guideAvailability.weekly} from ${guideAvailability} where ${guideAvailability.guideId} = ${users.id})`,
          waitingRequests: sql<number>`(${waiting})`.mapWith(Number),
        })
        .from(users)
        .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /**
     * Removes the documents decided `before` this instant and answers their files. Only the instance that holds
     * the advisory lock for this transaction does it; the others answer null (nothing to do this time).
     */
    async claimExpired(before: Date): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as ok`);
        const ok = (locked as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok;
        if (!ok) return null;
        const rows = await tx
          .delete(identityDocuments)
          .where(sql`${identityDocuments.decidedAt} <= ${before.toISOString()}::timestamptz`)
          .returning({ file: identityDocuments.file });
        return rows.map((r) => r.file);
      });
    },

    /** The member's document row goes (account deletion); answers its file. */
    async remove(userId: string): Promise<string | null> {
      const [row] = await db
        .delete(identityDocuments)
        .where(eq(identityDocuments.userId, userId))
        .returning({ file: identityDocuments.file });
      return row?.file ?? null;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
