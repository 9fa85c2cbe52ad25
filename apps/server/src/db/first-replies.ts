import type { FirstReply } from '@lokal/shared/domain/response-figures';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { conversations } from './schema/chat.ts';

/** How many of a guide's most recent traveller-started conversations the response figures read. */
const RECENT_CONVERSATIONS = 200;

/**
 * The first replies of the guide's most recent conversations that a tourist started, as one JSON value (when
 * the tourist first wrote, when the guide first answered; docs/product.md#response-figures): a column of the
 * statement that reads the guide, so the figures cost no round trip of their own. System lines do not count
 * (the conversation keeps when each side first wrote a text).
 */
export function firstRepliesJson(guideId: SQL | AnyColumn): SQL<FirstReplyJson[] | null> {
  return sql<FirstReplyJson[] | null>`(select json_agg(json_build_array(x.tourist_wrote_at, x.guide_wrote_at))
      filter (where x.tourist_wrote_at is not null)
    from (select c.tourist_wrote_at, c.guide_wrote_at from ${conversations} c
      where c.guide_id = ${guideId} and c.started_by = c.tourist_id
      order by c.created_at desc nulls last limit ${sql.raw(String(RECENT_CONVERSATIONS))}) x)`;
}

/** One first reply as the column carries it: [asked, replied], timestamps as PostgreSQL writes them in JSON. */
export type FirstReplyJson = [string, string | null];

/** The first replies of a `firstRepliesJson` column. */
export function firstRepliesOf(json: FirstReplyJson[] | null): FirstReply[] {
  return (json ?? []).map(([askedAt, repliedAt]) => ({ askedAt, repliedAt }));
}
