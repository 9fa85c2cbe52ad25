import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { phoneCodes } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export function createPhoneRepository(db: Db) {
  return {
    async verifiedPhoneOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ phone: users.phone, at: users.phoneVerifiedAt })
        .from(users)
        .where(eq(users.id, userId));
      return row?.phone && row.at ? row.phone : null;
    },

    async phoneTakenByOther(phone: string, userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, phone), ne(users.id, userId)))
        .limit(1);
      return rows.length > 0;
    },

    async latestCode(userId: string, phone: string) {
      const [row] = await db
        .select()
        .from(phoneCodes)
        .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.phone, phone)))
        .orderBy(desc(phoneCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    async codesSentSince(phone: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(phoneCodes)
        .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.createdAt, since)));
      return row?.n ?? 0;
    },

    async createCode(values: {
      userId: string;
      phone: string;
      codeHash: string;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(phoneCodes).values(values);
    },

    /** Counts a wrong try and returns the new total. */
    async countWrongAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(eq(phoneCodes.id, id))
        .returning({ attempts: phoneCodes.attempts });
      return row?.attempts ?? 0;
    },

    /** Marks the code used and links the phone to the account, in one transaction. */
    async linkPhone(codeId: string, userId: string, phone: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(phoneCodes)
          .set({ consumedAt: now })
          .where(and(eq(phoneCodes.id, codeId), isNull(phoneCodes.consumedAt)))
          .returning({ id: phoneCodes.id });
        if (used.length === 0) return false;
        await tx.update(users).set({ phone, phoneVerifiedAt: now }).where(eq(users.id, userId));
        return true;
      });
    },
  };
}

export type PhoneRepository = ReturnType<typeof createPhoneRepository>;
