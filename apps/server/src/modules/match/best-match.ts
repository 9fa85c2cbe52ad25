import type { TravellerSide } from '@lokal/shared/domain/match';
import {
  type GuideEntry,
  type GuideSides,
  type MatchCursor,
  type Ranked,
  rankBestMatch,
} from './guide-sides.ts';

/** How many times a page is scored again after its rows showed guides the engine held at another version. */
const ATTEMPTS = 3;
/** The first guides of a traveller's order kept for their next pages; a page past them is ranked afresh. */
const KEPT = 400;
/** The travellers' orders an instance keeps, the most recently used. */
const TRAVELLERS = 256;

/** A traveller's first KEPT guides in "Best match" order, ranked while the guides held were at `changes`. */
type Order = { changes: number; ranked: Ranked[]; whole: boolean };

/** Whether a ranked guide comes after the cursor in "Best match" order. */
const isAfter = (r: Ranked, c: MatchCursor) => r.match.exact < c.m || (r.match.exact === c.m && r.id > c.id);

/**
 * "Best match" pages (docs/decisions/037-best-match.md): the guides the search lets through, ranked in memory by
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
  // Ranking scores every guide of the pool (tens of milliseconds for 100,000): a traveller's order is kept until
  // a guide held changes, so their next page, or the same page again, is a slice of it.
  const orders = new Map<string, Order>();
  function orderOf(traveller: TravellerSide): Order {
    const key = JSON.stringify(traveller);
    let order = orders.get(key);
    if (!order || order.changes !== sides.changes()) {
      const ranked = rankBestMatch(traveller, pool(null), KEPT, null);
      order = { changes: sides.changes(), ranked, whole: ranked.length < KEPT };
    }
    orders.delete(key);
    orders.set(key, order);
    if (orders.size > TRAVELLERS) orders.delete(orders.keys().next().value as string);
    return order;
  }
  /** The page after the cursor: from the traveller's kept order when it reaches that far (a search's own ids aside). */
  function rank(
    traveller: TravellerSide,
    among: { ids: ReadonlySet<string> | null },
    limit: number,
    cursor: MatchCursor | null,
  ): Ranked[] {
    if (among.ids === null) {
      const order = orderOf(traveller);
      const start = cursor ? order.ranked.findIndex((r) => isAfter(r, cursor)) : 0;
      if (start >= 0 && (order.whole || start + limit <= order.ranked.length)) {
        return order.ranked.slice(start, start + limit);
      }
      if (start < 0 && order.whole) return [];
    }
    return rankBestMatch(traveller, pool(among.ids), limit, cursor);
  }
  /** The guides held that may be on the page: those of `ids` (the search's filters, the city too) when given, else all. */
  function* pool(ids: ReadonlySet<string> | null): Iterable<GuideEntry> {
    for (const e of sides.all()) {
      if (!ids || ids.has(e.id)) yield e;
    }
  }

  return async function bestMatchPage(
    traveller: TravellerSide,
    among: { ids: ReadonlySet<string> | null },
    limit: number,
    cursor: MatchCursor | null,
  ): Promise<(R & { matchScore: number })[]> {
    let page: (R & { matchScore: number })[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      await sides.ready();
      const ranked = rank(traveller, among, limit, cursor);
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
