import {
  ANIME_SCALE,
  HUMOUR_MIX,
  MATCH_WEIGHTS,
  matchWord,
  NIGHTLIFE_MIX,
  type TravellerSide,
  wantsCounted,
} from '@lokal/shared/domain/match';
import type { MatchRepository } from './repository.ts';

/**
 * Every listed guide's side of the match, in this instance's memory (decision 052): "Best match" scores a
 * traveller's page here instead of walking indexes, with the doubles of `matchExactSql` (the same parts, summed
 * in the same order), and reads only the page's cards from the database. A guide is a slot of typed arrays
 * (tens of bytes); its languages and offers are interned as sets, so a traveller's language hit and shared
 * offers are worked out once per distinct set, not per guide.
 */

/** A listed guide's stored side as the database gives it (memoryVectorColumns; city key = lower(city)). */
export type GuideVector = Awaited<ReturnType<MatchRepository['listedVectors']>>[number];

/** One row of a page: the guide and its score before rounding. */
export type Scored = [id: string, score: number];

/** What floating point may leave between a bound and a score. */
const EPS = 1e-9;
const W = MATCH_WEIGHTS;

/** A uuid's first eight hex digits as a number: in the order of the lower-case strings. */
const hiOf = (id: string) => Number.parseInt(id.slice(0, 8), 16) >>> 0;

/** Strings to small ids, and sets of them (kept sorted, duplicates kept: SQL counts them) to set ids. */
class Interner {
  readonly ids = new Map<string, number>();
  readonly sets: number[][] = [];
  private readonly setIds = new Map<string, number>();
  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(word, id);
    }
    return id;
  }
  set(words: string[]): number {
    const members = words.map((w) => this.id(w)).sort((a, b) => a - b);
    const key = members.join(',');
    let id = this.setIds.get(key);
    if (id === undefined) {
      id = this.sets.length;
      this.sets.push(members);
      this.setIds.set(key, id);
    }
    return id;
  }
}

/** Slots grouped by a key (city, offer set): added and removed in O(1). */
class Groups {
  readonly members = new Map<number, number[]>();
  private pos = new Int32Array(0);
  grow(capacity: number) {
    const next = new Int32Array(capacity);
    next.set(this.pos);
    this.pos = next;
  }
  add(key: number, slot: number) {
    let list = this.members.get(key);
    if (!list) {
      list = [];
      this.members.set(key, list);
    }
    this.pos[slot] = list.length;
    list.push(slot);
  }
  remove(key: number, slot: number) {
    const list = this.members.get(key)!;
    const at = this.pos[slot]!;
    const last = list.pop()!;
    if (last !== slot) {
      list[at] = last;
      this.pos[last] = at;
    }
    if (list.length === 0) this.members.delete(key);
  }
}
/** The key of a city's guides of one offer set: city × SET_SPAN + set. */
const SET_SPAN = 2 ** 26;

export function createVectorTable() {
  const cities = new Interner();
  const languages = new Interner();
  const offers = new Interner();
  let capacity = 0;
  const ids: string[] = [];
  /** The id's first eight hex digits: ties of a score are ordered by number before the string is compared. */
  let idHi = new Uint32Array(0);
  /** Which slots a page has read already (the page's generation). */
  let seen = new Uint32Array(0);
  let generation = 0;
  let city = new Int32Array(0);
  let cityKey = new Int32Array(0);
  let langSet = new Int32Array(0);
  let offerSet = new Int32Array(0);
  let fromUsd = new Float64Array(0);
  let pace = new Float64Array(0);
  /** rap, techno, rock, drinks (0/1), cannabis, jokes, anime; rap 0 = no assessment. */
  let quiz = new Int8Array(0);
  const slotOf = new Map<string, number>();
  const free: number[] = [];
  const byCity = new Groups();
  const byCitySet = new Groups();
  const bySet = new Groups();

  function grow(to: number) {
    const resize = <T extends Int32Array | Float64Array | Int8Array | Uint32Array>(a: T, n: number): T => {
      const next = new (a.constructor as new (n: number) => T)(n);
      next.set(a);
      return next;
    };
    idHi = resize(idHi, to);
    seen = resize(seen, to);
    city = resize(city, to);
    cityKey = resize(cityKey, to);
    langSet = resize(langSet, to);
    offerSet = resize(offerSet, to);
    fromUsd = resize(fromUsd, to);
    pace = resize(pace, to);
    quiz = resize(quiz, to * 7);
    byCity.grow(to);
    byCitySet.grow(to);
    bySet.grow(to);
    capacity = to;
  }

  function remove(id: string) {
    const s = slotOf.get(id);
    if (s === undefined) return;
    byCity.remove(city[s]!, s);
    byCitySet.remove(city[s]! * SET_SPAN + offerSet[s]!, s);
    bySet.remove(offerSet[s]!, s);
    slotOf.delete(id);
    ids[s] = '';
    free.push(s);
  }

  function put(v: GuideVector) {
    remove(v.id);
    let s = free.pop();
    if (s === undefined) {
      s = ids.length;
      if (s >= capacity) grow(Math.max(1024, capacity * 2));
      ids.push('');
    }
    ids[s] = v.id;
    idHi[s] = hiOf(v.id);
    slotOf.set(v.id, s);
    city[s] = cities.id(v.matchCity);
    cityKey[s] = cities.id(v.cityKey);
    langSet[s] = languages.set(v.matchLanguages);
    offerSet[s] = offers.set(v.matchOffers);
    fromUsd[s] = v.matchFromUsd ?? Number.NaN;
    pace[s] = v.matchPace;
    const assessed = v.matchRap !== null;
    const q = s * 7;
    quiz[q] = assessed ? v.matchRap! : 0;
    quiz[q + 1] = v.matchTechno ?? 0;
    quiz[q + 2] = v.matchRock ?? 0;
    quiz[q + 3] = v.matchDrinks ? 1 : 0;
    quiz[q + 4] = v.matchCannabis ?? 0;
    quiz[q + 5] = v.matchJokes ?? 0;
    quiz[q + 6] = v.matchAnime ?? 0;
    byCity.add(city[s]!, s);
    byCitySet.add(city[s]! * SET_SPAN + offerSet[s]!, s);
    bySet.add(offerSet[s]!, s);
  }

  /** Whether the slot holds exactly this row (a card read back from the database). */
  function holds(v: GuideVector): boolean {
    const s = slotOf.get(v.id);
    if (s === undefined) return false;
    const q = s * 7;
    const same = (a: number, b: number | null) => a === (b ?? 0);
    return (
      city[s] === cities.ids.get(v.matchCity) &&
      cityKey[s] === cities.ids.get(v.cityKey) &&
      langSet[s] === languages.set(v.matchLanguages) &&
      offerSet[s] === offers.set(v.matchOffers) &&
      Object.is(fromUsd[s], v.matchFromUsd ?? Number.NaN) &&
      pace[s] === v.matchPace &&
      quiz[q] === (v.matchRap ?? 0) &&
      (v.matchRap === null ||
        (same(quiz[q + 1]!, v.matchTechno) &&
          same(quiz[q + 2]!, v.matchRock) &&
          quiz[q + 3] === (v.matchDrinks ? 1 : 0) &&
          same(quiz[q + 4]!, v.matchCannabis) &&
          same(quiz[q + 5]!, v.matchJokes) &&
          same(quiz[q + 6]!, v.matchAnime)))
    );
  }

  /** What a traveller's languages hit, per language set (cached per list of languages; sets only grow). */
  const langCache = new Map<string, Uint8Array>();
  function langHits(t: TravellerSide): Uint8Array {
    const words = [...new Set(t.languages.map(matchWord))];
    const key = words.join('\u0000');
    const cached = langCache.get(key);
    if (cached && cached.length === languages.sets.length) return cached;
    const mark = new Uint8Array(languages.ids.size);
    for (const w of words) {
      const id = languages.ids.get(w);
      if (id !== undefined) mark[id] = 1;
    }
    const hit = new Uint8Array(languages.sets.length);
    for (let i = 0; i < hit.length; i++) hit[i] = languages.sets[i]!.some((w) => mark[w] === 1) ? 1 : 0;
    if (langCache.size >= 64) langCache.clear();
    langCache.set(key, hit);
    return hit;
  }

  /**
   * The interests part per offer set for a traveller's wants, and the sets from the best part to the worst
   * (cached per wants; sets only grow).
   */
  const offerCache = new Map<string, { interests: Float64Array; order: Int32Array }>();
  function offerParts(t: TravellerSide): { interests: Float64Array; order: Int32Array } {
    const words = [...new Set(t.wants.map(matchWord))];
    const den = wantsCounted(t.wants);
    const key = `${den}\u0001${words.join('\u0000')}`;
    const cached = offerCache.get(key);
    if (cached && cached.interests.length === offers.sets.length) return cached;
    const mark = new Uint8Array(offers.ids.size);
    for (const w of words) {
      const id = offers.ids.get(w);
      if (id !== undefined) mark[id] = 1;
    }
    const n = offers.sets.length;
    const interests = new Float64Array(n);
    // Counting sort by shared offers (a better interests part first); past den every count gives the same part.
    const shared = new Int32Array(n);
    const counts = new Int32Array(den + 2);
    for (let i = 0; i < n; i++) {
      let k = 0;
      for (const w of offers.sets[i]!) k += mark[w]!;
      interests[i] = den === 0 ? 0.5 : Math.max(0, Math.min(1, k / den));
      shared[i] = Math.min(k, den);
      counts[den - shared[i]!]!++;
    }
    for (let c = 1; c < counts.length; c++) counts[c]! += counts[c - 1]!;
    const order = new Int32Array(n);
    for (let i = n - 1; i >= 0; i--) order[--counts[den - shared[i]!]!] = i;
    const parts = { interests, order };
    if (offerCache.size >= 64) offerCache.clear();
    offerCache.set(key, parts);
    return parts;
  }

  /**
   * The page after the cursor: the `limit` best guides by (score before rounding desc, id), the traveller's city
   * scored in full, then the other cities one offer set at a time, best bound first, while a guide of that set
   * could still enter the page (decision 045's bound: a shared language and a price within budget assumed, the
   * quiz parts at their most). `cityFilter` (lower-cased) keeps the guides of that city only.
   */
  function page(
    t: TravellerSide,
    limit: number,
    cursor: { m: number; id: string } | null,
    cityFilter?: string,
  ): Scored[] {
    const tCity = matchWord(t.city);
    const tCityId = tCity === '' ? -1 : (cities.ids.get(tCity) ?? -1);
    const langHit = langHits(t);
    const { interests: interestsOf, order } = offerParts(t);
    const budget = t.budgetMaxUsd ?? 0;
    const noBudget = t.budgetMaxUsd === null || budget <= 0;
    const tq = t.quiz;
    // closeness(traveller's answer, guide's 1–5 answer) for each answer a guide can give (index 0 unused).
    const close = (a: number, b: number) => Math.max(0, Math.min(1, 1 - Math.abs(a - b) / 4));
    const table = (a: number) => Float64Array.from([0, 1, 2, 3, 4, 5], (b) => close(a, b));
    const cRap = table(tq?.music.rap ?? 0);
    const cTechno = table(tq?.music.techno ?? 0);
    const cRock = table(tq?.music.rock ?? 0);
    const cCannabis = table(tq?.cannabisComfort ?? 0);
    const cJokes = table(tq?.politicalJokes ?? 0);
    const cAnime = table(tq ? ANIME_SCALE[tq.animeKdrama] : 0);
    const tDrinks = tq?.drinks ? 1 : 0;
    const tPace = tq?.pace ?? 0;

    /** matchExactSql, part by part in its order. */
    const score = (s: number): number => {
      const from = fromUsd[s]!;
      const b =
        noBudget || Number.isNaN(from)
          ? 0.5
          : from <= budget
            ? 1
            : Math.max(0, Math.min(1, 2 - from / budget));
      const got =
        W.city * (city[s] === tCityId ? 1 : 0) +
        W.languages * langHit[langSet[s]!]! +
        W.interests * interestsOf[offerSet[s]!]! +
        W.budget * b;
      const q = s * 7;
      if (!tq || quiz[q] === 0) return (100 * got) / 75;
      const music = (cRap[quiz[q]!]! + cTechno[quiz[q + 1]!]! + cRock[quiz[q + 2]!]!) / 3;
      const nightlife =
        NIGHTLIFE_MIX.drinks * (quiz[q + 3] === tDrinks ? 1 : 0) +
        NIGHTLIFE_MIX.cannabis * cCannabis[quiz[q + 4]!]!;
      const humour = HUMOUR_MIX.jokes * cJokes[quiz[q + 5]!]! + HUMOUR_MIX.anime * cAnime[quiz[q + 6]!]!;
      return (
        (100 *
          (got +
            W.music * music +
            W.nightlife * nightlife +
            W.humour * humour +
            W.pace * close(tPace, pace[s]!))) /
        100
      );
    };

    // The page so far, best first: slots and scores. Ids compare by their first eight hex digits, then in full.
    const topSlot = new Int32Array(limit);
    const topScore = new Float64Array(limit);
    let size = 0;
    /** Whether slot a (score ma) comes before slot b (score mb). */
    const precedes = (a: number, ma: number, b: number, mb: number) =>
      ma > mb || (ma === mb && (idHi[a]! < idHi[b]! || (idHi[a] === idHi[b] && ids[a]! < ids[b]!)));
    const cursorM = cursor?.m ?? 0;
    const cursorHi = cursor ? hiOf(cursor.id) : 0;
    const afterCursor = (s: number, m: number) =>
      m < cursorM ||
      (m === cursorM && (idHi[s]! > cursorHi || (idHi[s] === cursorHi && ids[s]! > cursor!.id)));
    const consider = (s: number) => {
      const m = score(s);
      if (cursor && !afterCursor(s, m)) return;
      if (size === limit) {
        if (!precedes(s, m, topSlot[limit - 1]!, topScore[limit - 1]!)) return;
        size--;
      }
      let i = size;
      while (i > 0 && precedes(s, m, topSlot[i - 1]!, topScore[i - 1]!)) {
        topSlot[i] = topSlot[i - 1]!;
        topScore[i] = topScore[i - 1]!;
        i--;
      }
      topSlot[i] = s;
      topScore[i] = m;
      size++;
    };
    const result = (): Scored[] =>
      Array.from({ length: size }, (_, i): Scored => [ids[topSlot[i]!]!, topScore[i]!]);

    if (cityFilter !== undefined) {
      const key = cities.ids.get(cityFilter);
      const list = byCity.members.get(cities.ids.get(cityFilter.replace(/^ +| +$/g, '')) ?? -1) ?? [];
      if (key !== undefined) for (const s of list) if (cityKey[s] === key) consider(s);
      return result();
    }
    // Offer set by offer set from the best interests part, while the most a guide of the set can get (decision
    // 045's bound: a shared language, a price within budget, the quiz parts at their most) may reach the page.
    const rest = W.languages * (t.languages.length > 0 ? 1 : 0) + W.budget * (noBudget ? 0.5 : 1);
    const quizMost = W.music + W.nightlife + W.humour + W.pace;
    const boundOf = (p: number) => (tq ? Math.max(p + quizMost, (100 * p) / 75) : (100 * p) / 75);
    // The traveller's city first: its guides raise the page's last score before other cities are read.
    // When every set gives the same interests part no set can be passed over: the city is read as one list.
    const varied = order.length > 0 && interestsOf[order[0]!] !== interestsOf[order[order.length - 1]!];
    if (tCityId !== -1 && !varied) for (const s of byCity.members.get(tCityId) ?? []) consider(s);
    if (tCityId !== -1 && varied) {
      // When only the last class of sets is left and its guides can at most tie the page's last score, it would
      // be read set by set to the end (many small lists): the rest of the city is read as one list instead,
      // past the guides already read.
      const read = ++generation;
      for (let o = 0; o < order.length; o++) {
        const i = order[o]!;
        const bound = boundOf(W.city + rest + W.interests * interestsOf[i]!);
        if (size === limit && bound < topScore[limit - 1]! - EPS) break;
        const lowest = interestsOf[i] === interestsOf[order[order.length - 1]!];
        if (lowest && size === limit && bound <= topScore[limit - 1]! + EPS) {
          for (const s of byCity.members.get(tCityId) ?? []) if (seen[s] !== read) consider(s);
          break;
        }
        for (const s of byCitySet.members.get(tCityId * SET_SPAN + i) ?? []) {
          seen[s] = read;
          consider(s);
        }
      }
    }
    // Other cities.
    for (let o = 0; o < order.length; o++) {
      const i = order[o]!;
      const bound = boundOf(rest + W.interests * interestsOf[i]!);
      if (size === limit && bound < topScore[limit - 1]! - EPS) break;
      for (const s of bySet.members.get(i) ?? []) if (city[s] !== tCityId) consider(s);
    }
    return result();
  }

  return {
    put,
    remove,
    holds,
    page,
    has: (id: string) => slotOf.has(id),
    get size() {
      return slotOf.size;
    },
  };
}

export type VectorTable = ReturnType<typeof createVectorTable>;

/** The channel migration 0020's trigger tells a changed guide's id on. */
export const GUIDE_MATCH_CHANNEL = 'lokal_guide_match';
/** How many changed guides are read back in one statement. */
const CHUNK = 1000;

/**
 * The table, loaded once and kept current: every guide the database names on GUIDE_MATCH_CHANNEL is read back
 * (or dropped when no longer listed), a chunk at a time, one read after the other so a later read always wins.
 * Until the load is done, and if it fails, `ready()` answers false and "Best match" takes the SQL path.
 */
export function createMatchVectors(deps: {
  load: (ids: string[] | null) => Promise<GuideVector[]>;
  listen: (channel: string, listener: (payload: string) => void) => Promise<void>;
  log: { error: (obj: object, msg: string) => void };
}) {
  const table = createVectorTable();
  const pending = new Set<string>();
  let loaded = false;
  let closed = false;
  let started: Promise<boolean> | null = null;
  let flushing: Promise<void> | null = null;

  async function flush() {
    while (pending.size > 0 && !closed) {
      const ids = [...pending].slice(0, CHUNK);
      for (const id of ids) pending.delete(id);
      try {
        const rows = await deps.load(ids);
        const found = new Set(rows.map((r) => r.id));
        for (const id of ids) if (!found.has(id)) table.remove(id);
        for (const r of rows) table.put(r);
      } catch (err) {
        if (!closed) deps.log.error({ err }, 'could not read changed guides back for best match');
      }
    }
  }
  function schedule() {
    if (!loaded || flushing) return;
    flushing = flush().finally(() => {
      flushing = null;
      if (pending.size > 0 && !closed) schedule();
    });
  }

  return {
    table,
    /** Listens first (changes made while loading are read back after), then loads every listed guide. */
    start(): Promise<boolean> {
      started ??= (async () => {
        try {
          await deps.listen(GUIDE_MATCH_CHANNEL, (id) => {
            pending.add(id);
            schedule();
          });
          const rows = await deps.load(null);
          for (const r of rows) table.put(r);
          loaded = true;
          schedule();
          return true;
        } catch (err) {
          if (!closed) deps.log.error({ err }, 'could not load the guides for best match');
          return false;
        }
      })();
      return started;
    },
    /**
     * Whether the table answers: after the load, and after the read-back of changes already heard (on PGlite a
     * write's notification is heard before the write returns, so its author's next page sees it).
     */
    async ready(): Promise<boolean> {
      if (!started || !(await started)) return false;
      if (flushing) await flushing;
      return true;
    },
    async close() {
      closed = true;
      await started;
      await flushing;
    },
  };
}

export type MatchVectors = ReturnType<typeof createMatchVectors>;
