import {
  ANIME_SCALE,
  HUMOUR_MIX,
  MATCH_WEIGHTS,
  matchWord,
  NIGHTLIFE_MIX,
  type TravellerSide,
  wantsCounted,
} from '@lokal/shared/domain/match';

/**
 * Every listed guide's side of the match, in this instance's memory (decision 052): "Best match" scores a
 * traveller's page here instead of walking indexes, with the doubles of `matchExactSql` (the same parts, summed
 * in the same order), and reads only the page's cards from the database. A guide is a slot of typed arrays
 * (tens of bytes); its languages and offers are interned as sets, so a traveller's language hit and shared
 * offers are worked out once per distinct set, not per guide.
 */

/** A listed guide's stored side as the database gives it (guide_profiles' match columns). */
export type GuideVector = {
  id: string;
  /** lower(city): what the city filter compares. */
  cityKey: string;
  matchCity: string;
  matchLanguages: string[];
  matchOffers: string[];
  matchFromUsd: number | null;
  matchPace: number;
  matchRap: number | null;
  matchTechno: number | null;
  matchRock: number | null;
  matchDrinks: boolean | null;
  matchCannabis: number | null;
  matchJokes: number | null;
  matchAnime: number | null;
};

/** One row of a page: the guide and its score before rounding. */
export type Scored = [id: string, score: number];

/** What floating point may leave between a bound and a score. */
const EPS = 1e-9;
const W = MATCH_WEIGHTS;

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
  readonly members: number[][] = [];
  private pos = new Int32Array(0);
  grow(capacity: number) {
    const next = new Int32Array(capacity);
    next.set(this.pos);
    this.pos = next;
  }
  add(key: number, slot: number) {
    let list = this.members[key];
    if (!list) {
      list = [];
      this.members[key] = list;
    }
    this.pos[slot] = list.length;
    list.push(slot);
  }
  remove(key: number, slot: number) {
    const list = this.members[key]!;
    const at = this.pos[slot]!;
    const last = list.pop()!;
    if (last !== slot) {
      list[at] = last;
      this.pos[last] = at;
    }
  }
}

export function createVectorTable() {
  const cities = new Interner();
  const languages = new Interner();
  const offers = new Interner();
  let capacity = 0;
  const ids: string[] = [];
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
  const bySet = new Groups();

  function grow(to: number) {
    const resize = <T extends Int32Array | Float64Array | Int8Array>(a: T, n: number): T => {
      const next = new (a.constructor as new (n: number) => T)(n);
      next.set(a);
      return next;
    };
    city = resize(city, to);
    cityKey = resize(cityKey, to);
    langSet = resize(langSet, to);
    offerSet = resize(offerSet, to);
    fromUsd = resize(fromUsd, to);
    pace = resize(pace, to);
    quiz = resize(quiz, to * 7);
    byCity.grow(to);
    bySet.grow(to);
    capacity = to;
  }

  function remove(id: string) {
    const s = slotOf.get(id);
    if (s === undefined) return;
    byCity.remove(city[s]!, s);
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
    // Per traveller: a language hit per language set, the interests part per offer set.
    const tLangs = new Set(t.languages.map(matchWord));
    const langHit = new Uint8Array(languages.sets.length);
    const langWord = [...languages.ids.keys()];
    for (let i = 0; i < languages.sets.length; i++) {
      langHit[i] = languages.sets[i]!.some((w) => tLangs.has(langWord[w]!)) ? 1 : 0;
    }
    const wants = new Set(t.wants.map(matchWord));
    const den = wantsCounted(t.wants);
    const offerWord = [...offers.ids.keys()];
    const interestsOf = new Float64Array(offers.sets.length);
    for (let i = 0; i < offers.sets.length; i++) {
      let shared = 0;
      for (const w of offers.sets[i]!) if (wants.has(offerWord[w]!)) shared++;
      interestsOf[i] = den === 0 ? 0.5 : Math.max(0, Math.min(1, shared / den));
    }
    const budget = t.budgetMaxUsd;
    const noBudget = budget === null || budget <= 0;
    const tq = t.quiz;
    // closeness(traveller's answer, guide's 1–5 answer) for each answer a guide can give (index 0 unused).
    const close = (a: number, b: number) => Math.max(0, Math.min(1, 1 - Math.abs(a - b) / 4));
    const table = (a: number) => Float64Array.from([0, 1, 2, 3, 4, 5], (b) => close(a, b));
    const cRap = tq ? table(tq.music.rap) : null;
    const cTechno = tq ? table(tq.music.techno) : null;
    const cRock = tq ? table(tq.music.rock) : null;
    const cCannabis = tq ? table(tq.cannabisComfort) : null;
    const cJokes = tq ? table(tq.politicalJokes) : null;
    const cAnime = tq ? table(ANIME_SCALE[tq.animeKdrama]) : null;
    const tDrinks = tq?.drinks ? 1 : 0;
    const tPace = tq?.pace ?? 0;

    /** matchExactSql, part by part in its order. */
    const score = (s: number): number => {
      const from = fromUsd[s]!;
      const b =
        noBudget || Number.isNaN(from)
          ? 0.5
          : from <= budget!
            ? 1
            : Math.max(0, Math.min(1, 2 - from / budget!));
      const got =
        W.city * (city[s] === tCityId ? 1 : 0) +
        W.languages * langHit[langSet[s]!]! +
        W.interests * interestsOf[offerSet[s]!]! +
        W.budget * b;
      const q = s * 7;
      if (!tq || quiz[q] === 0) return (100 * got) / 75;
      const music = (cRap![quiz[q]!]! + cTechno![quiz[q + 1]!]! + cRock![quiz[q + 2]!]!) / 3;
      const nightlife =
        NIGHTLIFE_MIX.drinks * (quiz[q + 3] === tDrinks ? 1 : 0) +
        NIGHTLIFE_MIX.cannabis * cCannabis![quiz[q + 4]!]!;
      const humour = HUMOUR_MIX.jokes * cJokes![quiz[q + 5]!]! + HUMOUR_MIX.anime * cAnime![quiz[q + 6]!]!;
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

    // The page so far, best first.
    const top: Scored[] = [];
    const consider = (s: number) => {
      const m = score(s);
      const id = ids[s]!;
      if (cursor && !(m < cursor.m || (m === cursor.m && id > cursor.id))) return;
      if (top.length === limit) {
        const [wid, wm] = top[limit - 1]!;
        if (m < wm || (m === wm && id > wid)) return;
        top.pop();
      }
      let i = top.length;
      while (i > 0 && (top[i - 1]![1] < m || (top[i - 1]![1] === m && top[i - 1]![0] > id))) i--;
      top.splice(i, 0, [id, m]);
    };

    if (cityFilter !== undefined) {
      const key = cities.ids.get(cityFilter);
      const list = byCity.members[cities.ids.get(cityFilter.trim()) ?? -1] ?? [];
      if (key !== undefined) for (const s of list) if (cityKey[s] === key) consider(s);
      return top;
    }
    for (const s of byCity.members[tCityId] ?? []) consider(s);
    // Other cities: the most an offer set's guide can get there.
    const profileMax = (i: number) =>
      W.languages * (tLangs.size > 0 ? 1 : 0) +
      W.interests * interestsOf[i]! +
      W.budget * (noBudget ? 0.5 : 1);
    const sets = offers.sets
      .map((_, i) => {
        const p = profileMax(i);
        return {
          i,
          bound: tq
            ? Math.max(p + W.music + W.nightlife + W.humour + W.pace, (100 * p) / 75)
            : (100 * p) / 75,
        };
      })
      .sort((a, b) => b.bound - a.bound);
    for (const { i, bound } of sets) {
      if (top.length === limit && bound < top[limit - 1]![1] - EPS) break;
      for (const s of bySet.members[i] ?? []) if (city[s] !== tCityId || tCityId === -1) consider(s);
    }
    return top;
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
