import {
  type GuideSide,
  guideSideOf,
  type Match,
  matchRanker,
  matchScorer,
  type TravellerSide,
} from '@lokal/shared/domain/match';
import type { Listen } from '../../plugins/realtime.ts';
import type { GuideSideRow } from './repository.ts';

/**
 * The one "Best match" engine (docs/decisions/037-best-match.md): every guide's side of the match as plain
 * values, in this instance's memory, scored by matchScore() itself, so no weight or rule is written twice. Kept
 * current by the database's notifications (a guide's id on GUIDE_MATCH_CHANNEL) and by the version of each row a
 * page reads.
 */

/** The channel the database tells a changed guide's id on (migration 0029's triggers). */
export const GUIDE_MATCH_CHANNEL = 'lokal_guide_match';

/** A guide as the engine holds it: its side and whether travellers see it (the search filters by city). */
export type GuideEntry = { id: string; listed: boolean; side: GuideSide; version: string };

/** One row of a "Best match" page: the guide and its match with the traveller. */
export type Ranked = { id: string; match: Match };

/** Where a "Best match" page ended: the score before rounding and the id. */
export type MatchCursor = { m: number; id: string };

type Held = { g: GuideEntry; exact: number };
/** Whether a comes before b in "Best match" order: the score before rounding, high to low, then the id. */
const before = (a: Held, b: Held) => a.exact > b.exact || (a.exact === b.exact && a.g.id < b.g.id);

/**
 * The first `limit` guides after the cursor in "Best match" order (the score before rounding, high to low, then
 * the id), of the listed guides given; a guide whose profile is hidden has no match and is left out. Ordered by
 * matchRanker() (matchScore() without the reasons); the page's guides get their whole match.
 */
export function rankBestMatch(
  traveller: TravellerSide,
  guides: Iterable<GuideEntry>,
  limit: number,
  cursor: MatchCursor | null,
): Ranked[] {
  const rank = matchRanker(traveller);
  const top: Held[] = [];
  for (const g of guides) {
    if (!g.listed) continue;
    const exact = rank(g.side)?.exact;
    if (exact === undefined) continue;
    if (cursor && !(exact < cursor.m || (exact === cursor.m && g.id > cursor.id))) continue;
    const r = { g, exact };
    if (top.length === limit && !before(r, top[limit - 1]!)) continue;
    let i = top.length === limit ? limit - 1 : top.length;
    while (i > 0 && before(r, top[i - 1]!)) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = r;
  }
  const score = matchScorer(traveller);
  return top.map((r) => ({ id: r.g.id, match: score(r.g.side)! }));
}

/** A guide's entry from its row: the side as guideSideOf() reads the profile, the assessment and the experiences. */
export function entryOf(row: GuideSideRow): GuideEntry {
  return {
    id: row.id,
    listed: row.listed,
    version: row.version,
    side: guideSideOf({
      city: row.city,
      languages: row.languages,
      specialties: row.specialties,
      tourCount: row.tourCount,
      priceMin: row.priceMin,
      hideProfile: row.hideProfile,
      assessment: row.assessment,
      publishedCategories: row.publishedCategories,
      hours: row.weekly ? { weekly: row.weekly, exceptions: row.exceptions } : null,
      groups: row.groups,
    }),
  };
}

/** How many changed guides are read back in one statement. */
const CHUNK = 1000;

/**
 * Every guide's entry, loaded once and kept current: each guide the database names on GUIDE_MATCH_CHANNEL is read
 * back, a chunk at a time, one read after the other so a later read always wins. Without notifications (no
 * `listen`), every use reads every guide again; when notifications may have been missed (the connection
 * that hears them dropped), the next use reads every guide again once.
 */
export function createGuideSides(deps: {
  load: (ids: string[] | null) => Promise<GuideSideRow[]>;
  listen: Listen | null;
  log: { error: (obj: object, msg: string) => void };
}) {
  let entries = new Map<string, GuideEntry>();
  /** Counts the changes to `entries`: an order ranked from them holds while it is unchanged. */
  let changes = 0;
  const pending = new Set<string>();
  let closed = false;
  let started: Promise<void> | null = null;
  let listening: Promise<void> | null = null;
  let flushing: Promise<void> | null = null;

  /** Reads these guides back: each one found is put again, the others leave. */
  async function readBack(ids: string[]) {
    if (ids.length === 0) return;
    const rows = await deps.load(ids);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) entries.delete(id);
    for (const r of rows) entries.set(r.id, entryOf(r));
    changes++;
  }
  async function loadAll() {
    entries = new Map((await deps.load(null)).map((r) => [r.id, entryOf(r)]));
    changes++;
  }
  async function flush() {
    while (pending.size > 0 && !closed) {
      const ids = [...pending].slice(0, CHUNK);
      for (const id of ids) pending.delete(id);
      try {
        await readBack(ids);
      } catch (err) {
        if (!closed) deps.log.error({ err }, 'could not read changed guides back for best match');
      }
    }
  }
  function schedule() {
    if (!started || flushing) return;
    flushing = flush().finally(() => {
      flushing = null;
      if (pending.size > 0 && !closed) schedule();
    });
  }

  /** Listens first (changes made while loading are read back after), then loads every guide. */
  function start(): Promise<void> {
    const listen = deps.listen;
    if (!started) {
      const loading = (async () => {
        if (listen) {
          listening ??= listen(
            GUIDE_MATCH_CHANNEL,
            (id) => {
              pending.add(id);
              schedule();
            },
            () => {
              started = null;
            },
          ).catch((err) => {
            listening = null;
            throw err;
          });
          await listening;
        }
        await loadAll();
      })();
      // A failed load is tried again by the next page.
      loading.catch(() => {
        if (started === loading) started = null;
      });
      started = loading;
    }
    return started;
  }

  /**
   * Loaded, and the read-back of changes already heard done (on PGlite a write's notification is heard before
   * the write returns, so its author's next page sees it).
   */
  async function ready(): Promise<void> {
    if (!deps.listen && started) await loadAll();
    await start();
    schedule();
    if (flushing) await flushing;
  }

  return {
    start,
    ready,
    refresh: readBack,
    /** The guide's entry, once ready(). */
    entry: (id: string): GuideEntry | undefined => entries.get(id),
    /** Every guide held, once ready(). */
    all: (): Iterable<GuideEntry> => entries.values(),
    /** How many times the guides held have changed: the same number, the same guides. */
    changes: (): number => changes,
    /**
     * Ready, with these rows' guides as the rows are: a guide whose entry is missing or of another version (a
     * change whose notification has not arrived yet) is read back first.
     */
    async current(rows: { userId: string; version: string }[]): Promise<void> {
      await ready();
      await readBack(rows.filter((r) => entries.get(r.userId)?.version !== r.version).map((r) => r.userId));
    },
    async close() {
      closed = true;
      await started?.catch(() => undefined);
      await flushing;
    },
  };
}

export type GuideSides = ReturnType<typeof createGuideSides>;
