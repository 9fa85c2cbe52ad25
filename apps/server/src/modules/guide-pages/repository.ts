import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { firstRepliesOf } from '../../db/first-replies.ts';
import { guideVisibleToTravellers } from '../../db/guide-visibility.ts';
import { guideProfiles } from '../../db/schema/profiles.ts';
import { guideCardColumns } from '../discovery/cards.ts';
import { guideSideVersion } from '../match/repository.ts';

const g = guideProfiles;

export function createGuidePagesRepository(db: Db) {
  // Every visit of a guide page starts here: built once, then only executed. The version of the guide's match side
  // comes with the row, so a traveller's match needs no look-up of the guide; so do the first replies.
  const bySlugStatement = db
    .select({
      // The guide card's values: a field added to the card is on the page's row too.
      ...guideCardColumns,
      visible: guideVisibleToTravellers,
      version: guideSideVersion,
    })
    .from(g)
    .where(sql`${g.slug} = ${sql.placeholder('slug')}::text`)
    .prepare('guide_page_by_slug');
  return {
    /** A guide by page address, with whether travellers may see them (the one visibility rule). */
    async guideBySlug(slug: string) {
      const [row] = await bySlugStatement.execute({ slug });
      return row
        ? { ...row, visible: Boolean(row.visible), firstReplies: firstRepliesOf(row.replies) }
        : null;
    },
  };
}

export type GuidePagesRepository = ReturnType<typeof createGuidePagesRepository>;
