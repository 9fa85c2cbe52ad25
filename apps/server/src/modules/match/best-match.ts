import type { TravellerSide } from '@lokal/shared/domain/match';
import { type GuideEntry, type GuideSides, type MatchCursor, rankBestMatch } from './guide-sides.ts';

/** How many times a page is scored again after its rows showed guides the engine held at another version. */
const ATTEMPTS = 3;

/**
 * "Best match" pages (docs/decisions/080-best-match.md): the guides the search lets through, ranked in memory by
 * matchScore(), then only the page's rows read. A row that is gone (no longer listed) or of another version than
 * the side the engine scored has those guides read back and the page ranked again, so a page never shows a guide
 * that is no longer listed and its order and matches are those of the rows it shows.
 */
export function createBestMatch<R extends { userId: string; version: string }>(deps: {
  sides: GuideSides;
  /** These listed guides' rows, in no order. */
  rows: (ids: string[]) => Promise<R[]>;
}) {
  const { sides } = deps;
  /** The guides held that may be on the page: those of `ids` when given, else those of the city, else all. */
  function* pool(ids: ReadonlySet<string> | null, cityKey: string | undefined): Iterable<GuideEntry> {
    for (const e of sides.all()) {
      if (ids ? ids.has(e.id) : cityKey === undefined || e.cityKey === cityKey) yield e;
    }
  }

  return async function bestMatchPage(
    traveller: TravellerSide,
    among: { ids: ReadonlySet<string> | null; cityKey?: string },
    limit: number,
    cursor: MatchCursor | null,
  ): Promise<(R & { matchScore: number })[]> {
    let page: (R & { matchScore: number })[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      await sides.ready();
      const ranked = rankBestMatch(traveller, pool(among.ids, among.cityKey), limit, cursor);
      const rows = new Map((await deps.rows(ranked.map((r) => r.id))).map((r) => [r.userId, r]));
      const stale = ranked.filter((r) => rows.get(r.id)?.version !== sides.entry(r.id)?.version);
      page = ranked.flatMap((r) => {
        const row = rows.get(r.id);
        return row ? [{ ...row, matchScore: r.match.exact }] : [];
      });
      if (stale.length === 0) break;
      await sides.refresh(stale.map((r) => r.id));
    }
    return page;
  };
}
