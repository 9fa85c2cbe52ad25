import { isLocale, type Locale } from '@lokal/shared/i18n/locales';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { guideProfiles } from '../../db/schema/profiles.ts';
import { users } from '../../db/schema/users.ts';

export function createLocaleRepository(db: Db) {
  // Read by every home screen's first answers: built once, then only executed.
  const settingsStatement = db
    .select({
      city: users.city,
      currency: users.currency,
      currencyMultiplier: users.currencyMultiplier,
      guideCity: guideProfiles.city,
      verified: guideProfiles.verified,
    })
    .from(users)
    .leftJoin(guideProfiles, eq(guideProfiles.userId, users.id))
    .where(sql`${users.id} = ${sql.placeholder('userId')}::uuid`)
    .prepare('locale_settings');
  return {
    async settings(userId: string) {
      const [row] = await settingsStatement.execute({ userId });
      return row ?? null;
    },
    async setCity(userId: string, city: string) {
      await db.update(users).set({ city }).where(eq(users.id, userId));
    },
    async setCurrency(userId: string, currency: string, currencyMultiplier: number) {
      await db.update(users).set({ currency, currencyMultiplier }).where(eq(users.id, userId));
    },
    async setLocale(userId: string, locale: Locale) {
      await db.update(users).set({ locale }).where(eq(users.id, userId));
    },
    /** The member's saved language, or this one saved as theirs when they had none. */
    async adoptLocale(userId: string, locale: Locale): Promise<Locale> {
      const [row] = await db
        .update(users)
        .set({ locale: sql`coalesce(${users.locale}, ${locale})` })
        .where(eq(users.id, userId))
        .returning({ locale: users.locale });
      return isLocale(row?.locale) ? row.locale : locale;
    },
  };
}
