import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { botCheckUses, phoneCodes } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export function createPhoneRepository(db: Db) {
  return {
    /**
     * Records a solved bot-check challenge as used: true the first time, false for any repeat (on any
     * instance: the primary key decides). Rows of expired challenges go at the same time.
     */
    async useBotCheck(nonce: string, expiresAt: Date, now: Date): Promise<boolean> {
      await db.delete(botCheckUses).where(lt(botCheckUses.expiresAt, now));
      const rows = await db
        .insert(botCheckUses)
        .values({ nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: botCheckUses.nonce });
      return rows.length === 1;
    },

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
      const [row] = await db.insert(phoneCodes).values(values).returning({ id: phoneCodes.id });
      return row!.id;
    },

    /** A code whose SMS never left: it is as if it was never asked for (docs/product.md#mail-and-sms). */
    async deleteCode(id: string): Promise<void> {
      await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
    },

    /**
     * Counts a wrong try in one statement, only while the code has tries left: of any number of parallel
     * wrong guesses, on any number of instances, at most `maxTries` are counted. Returns the new total, or
     * null when the code was already locked.
     */
    async countWrongAttempt(id: string, maxTries: number): Promise<number | null> {
      const [row] = await db
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(and(eq(phoneCodes.id, id), lt(phoneCodes.attempts, maxTries)))
        .returning({ attempts: phoneCodes.attempts });
      return row?.attempts ?? null;
    },

    /**
     * Marks the code used, if it is neither used nor locked, and links the phone to the account, in one
     * transaction. 'locked' when the wrong tries used the code up meanwhile, 'used' when another request did.
     */
    async linkPhone(
      codeId: string,
      userId: string,
      phone: string,
      now: Date,
      maxTries: number,
    ): Promise<'linked' | 'locked' | 'used'> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(phoneCodes)
          .set({ consumedAt: now })
          .where(
            and(eq(phoneCodes.id, codeId), isNull(phoneCodes.consumedAt), lt(phoneCodes.attempts, maxTries)),
          )
          .returning({ id: phoneCodes.id });
        if (used.length === 0) {
          const [code] = await tx
            .select({ attempts: phoneCodes.attempts })
            .from(phoneCodes)
            .where(eq(phoneCodes.id, codeId));
          return code && code.attempts >= maxTries ? 'locked' : 'used';
        }
        await tx.update(users).set({ phone, phoneVerifiedAt: now }).where(eq(users.id, userId));
        return 'linked';
      });
    },
  };
}

export type PhoneRepository = ReturnType<typeof createPhoneRepository>;
