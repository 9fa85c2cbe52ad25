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
 * in the same order), and reads only the page's cards from the database, checked by each row's version
 * (decision 071). A guide is a 64-byte slot; its languages and offers are interned as sets, so a traveller's
 * language hit and shared offers are worked out once per distinct set, not per guide.
 */

/** A listed guide's stored side as the database gives it (memoryVectorColumns; city key = lower(city)). */
export type GuideVector = Awaited<ReturnType<MatchRepository['listedVectors']>>[number];

/** One row of a page: the guide and its score before rounding. */
export type Scored = [id: string, score: number];

const W = MATCH_WEIGHTS;

/** A uuid's first eight hex digits as a number: in the order of the lower-case strings. */
const hiOf = (id: string) => Number.parseInt(id.slice(0, 8), 16) >>> 0;

/** Strings to small ids, and sets of them (kept sorted, duplicates kept: SQL counts them) to set ids. */
class Interner {
  readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  readonly sets: number[][] = [];
  private readonly setIds = new Map<string, number>();
  id(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(word, id);
      this.words.push(word);
    }
    return id;
  }
  /** The words of set `id`, as interned (sorted by their ids, duplicates kept). */
  wordsOf(id: number): string[] {
    return this.sets[id]!.map((w) => this.words[w]!);
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

/**
 * Slots grouped by a key of one or two small numbers (a city, an offer set, or both), each list in id order so a
 * page can stop at the first guide that can no longer enter it. A bulk load appends and the list is sorted when a
 * page first reads it; after that a change keeps the order (a binary search and a shift: tens of microseconds for
 * 100,000 slots). Keys stay small integers: a page looks up hundreds of lists, and a key past 2^30 would be a heap
 * number hashed on every look-up.
 */
class Groups {
  /** Indexed by both keys (small dense numbers: interned cities and offer sets). */
  private readonly members: (Group | undefined)[][] = [];
  private pos = new Int32Array(0);
  constructor(private readonly before: (a: number, b: number) => number) {}
  grow(capacity: number) {
    const next = new Int32Array(capacity);
    next.set(this.pos);
    this.pos = next;
  }
  private renumber(list: number[], from: number) {
    for (let i = from; i < list.length; i++) this.pos[list[i]!] = i;
  }
  add(slot: number, a: number, b = 0) {
    // Filled up to the key first, so the arrays stay packed.
    while (this.members.length <= a) this.members.push([]);
    const inner = this.members[a]!;
    while (inner.length <= b) inner.push(undefined);
    let group = inner[b];
    if (!group) {
      group = { list: [], sorted: false };
      inner[b] = group;
    }
    const list = group.list;
    if (!group.sorted) {
      this.pos[slot] = list.length;
      list.push(slot);
      return;
    }
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(list[mid]!, slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, slot);
    this.renumber(list, lo);
  }
  remove(slot: number, a: number, b = 0) {
    const inner = this.members[a]!;
    const group = inner[b]!;
    const list = group.list;
    const at = this.pos[slot]!;
    if (list.length === 1) {
      inner[b] = undefined;
    } else if (!group.sorted) {
      const last = list.pop()!;
      if (last !== slot) {
        list[at] = last;
        this.pos[last] = at;
      }
    } else {
      list.splice(at, 1);
      this.renumber(list, at);
    }
  }
  /** The key's slots, in any order. */
  get(a: number, b = 0): number[] | undefined {
    return this.members[a]?.[b]?.list;
  }
  /** The key's slots in id order. */
  sorted(a: number, b = 0): number[] | undefined {
    const group = this.members[a]?.[b];
    if (!group) return undefined;
    if (!group.sorted) {
      group.list.sort(this.before);
      this.renumber(group.list, 0);
      group.sorted = true;
    }
    return group.list;
  }
}

/** A group's slots; `sorted` once a page has put them in id order (then changes keep that order). */
type Group = { list: number[]; sorted: boolean };

/** 32-bit words per slot of the packed table (64 bytes), and where each field sits. */
const WORDS = 16;
/** The interned city (matching) and the city key (the city filter's). */
const CITY = 4;
const CITY_KEY = 5;
/** The interned sets of languages and of offers. */
const LANGS = 6;
const OFFERS = 7;
/**
 * The quiz answers as three small codes (music: rap·36 + techno·6 + rock; night life: drinks·6 + cannabis; humour:
 * jokes·6 + anime) in bytes 0–2, and 1 in byte 3 when the guide took the assessment: a page works out each code's
 * points once, so a guide's quiz parts are three look-ups.
 */
const CODES = 8;
const ASSESSED = 1 << 24;
/** Which page read the slot last (its generation). */
const SEEN = 9;
/** The id's first eight hex digits: ties of a score are ordered by number before the string is compared. */
const ID_HI = 10;
/** The row's version the slot was read at (its xmin): a page's cards are checked against it. */
const VERSION = 11;

export function createVectorTable() {
  const cities = new Interner();
  const languages = new Interner();
  const offers = new Interner();
  let capacity = 0;
  const ids: string[] = [];
  /**
   * What a page reads of a guide, packed in one 64-byte line per slot (three views of one buffer): a page reads
   * hundreds of guides scattered over 100,000 slots, and in a busy server each line it touches has left the
   * cache, so one line a guide instead of one per field is what a page costs (decision 071).
   * Doubles at 8·s (price from, USD; NaN when none) and 8·s + 1 (pace); 32-bit words at 16·s + the offsets below.
   */
  let slotF = new Float64Array(0);
  let slotI = new Int32Array(0);
  let slotU = new Uint32Array(0);
  let generation = 0;
  const slotOf = new Map<string, number>();
  const free: number[] = [];
  /** Slot a's id before slot b's: the first eight hex digits as a number, then the whole string. */
  const idOrder = (a: number, b: number) =>
    slotU[a * WORDS + ID_HI]! - slotU[b * WORDS + ID_HI]! ||
    (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
  const byCity = new Groups(idOrder);
  const byCitySet = new Groups(idOrder);
  const bySet = new Groups(idOrder);
  /** Every slot (one key), for reading the other cities' last class of sets as one list. */
  const everyone = new Groups(idOrder);

  function grow(to: number) {
    const next = new Int32Array(to * WORDS);
    next.set(slotI);
    slotI = next;
    slotF = new Float64Array(slotI.buffer);
    slotU = new Uint32Array(slotI.buffer);
    byCity.grow(to);
    byCitySet.grow(to);
    bySet.grow(to);
    everyone.grow(to);
    capacity = to;
  }

  function remove(id: string) {
    const s = slotOf.get(id);
    if (s === undefined) return;
    const w = s * WORDS;
    byCity.remove(s, slotI[w + CITY]!);
    byCitySet.remove(s, slotI[w + CITY]!, slotI[w + OFFERS]!);
    bySet.remove(s, slotI[w + OFFERS]!);
    everyone.remove(s, 0);
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
    const w = s * WORDS;
    slotU[w + ID_HI] = hiOf(v.id);
    slotU[w + VERSION] = Number(v.version);
    slotI[w + CITY] = cities.id(v.matchCity);
    slotI[w + CITY_KEY] = cities.id(v.cityKey);
    slotI[w + LANGS] = languages.set(v.matchLanguages);
    slotI[w + OFFERS] = offers.set(v.matchOffers);
    slotF[s * 8] = v.matchFromUsd ?? Number.NaN;
    slotF[s * 8 + 1] = v.matchPace;
    // Without an assessment every answer is null and every code 0.
    const assessed = v.matchRap !== null;
    slotI[w + CODES] =
      (v.matchRap ?? 0) * 36 +
      (v.matchTechno ?? 0) * 6 +
      (v.matchRock ?? 0) +
      (((v.matchDrinks ? 6 : 0) + (v.matchCannabis ?? 0)) << 8) +
      (((v.matchJokes ?? 0) * 6 + (v.matchAnime ?? 0)) << 16) +
      (assessed ? ASSESSED : 0);
    byCity.add(s, slotI[w + CITY]!);
    byCitySet.add(s, slotI[w + CITY]!, slotI[w + OFFERS]!);
    bySet.add(s, slotI[w + OFFERS]!);
    everyone.add(s, 0);
  }

  /** Whether the guide's slot was read at this version of the row (a card's, read back with it). */
  function current(id: string, version: string): boolean {
    const s = slotOf.get(id);
    return s !== undefined && slotU[s * WORDS + VERSION] === Number(version);
  }

  /** The guide's side as the slot holds it (languages and offers in the interned order), or null. */
  function vector(id: string): Omit<GuideVector, 'id' | 'version'> | null {
    const s = slotOf.get(id);
    if (s === undefined) return null;
    const w = s * WORDS;
    const codes = slotI[w + CODES]!;
    const assessed = codes >= ASSESSED;
    // The answers back from their codes (each a base-6 digit).
    const music = codes & 255;
    const night = (codes >> 8) & 255;
    const humour = (codes >> 16) & 255;
    const answer = (n: number) => (assessed ? n : null);
    const from = slotF[s * 8]!;
    return {
      cityKey: cities.words[slotI[w + CITY_KEY]!]!,
      matchCity: cities.words[slotI[w + CITY]!]!,
      matchLanguages: languages.wordsOf(slotI[w + LANGS]!),
      matchOffers: offers.wordsOf(slotI[w + OFFERS]!),
      matchFromUsd: Number.isNaN(from) ? null : from,
      matchRap: answer(Math.floor(music / 36)),
      matchTechno: answer(Math.floor(music / 6) % 6),
      matchRock: answer(music % 6),
      matchDrinks: assessed ? night >= 6 : null,
      matchCannabis: answer(night % 6),
      matchJokes: answer(Math.floor(humour / 6)),
      matchAnime: answer(humour % 6),
      matchPace: slotF[s * 8 + 1]!,
    };
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
   * The page after the cursor: the `limit` best guides by (score before rounding desc, id), read one offer set at
   * a time from the best interests part down, the traveller's city first, while a guide of that set could still
   * enter the page (decision 045's bound, made exact: a shared language and a price within budget assumed, the
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
    const table = (a: number) => {
      const t = new Float64Array(6);
      for (let b = 0; b < 6; b++) t[b] = close(a, b);
      return t;
    };
    const cRap = table(tq?.music.rap ?? 0);
    const cTechno = table(tq?.music.techno ?? 0);
    const cRock = table(tq?.music.rock ?? 0);
    const cCannabis = table(tq?.cannabisComfort ?? 0);
    const cJokes = table(tq?.politicalJokes ?? 0);
    const cAnime = table(tq ? ANIME_SCALE[tq.animeKdrama] : 0);
    const tDrinks = tq?.drinks ? 1 : 0;
    const tPace = tq?.pace ?? 0;
    // Each code's weighted points, by the very operations score() used per guide (so the same doubles).
    const musicPoints = new Float64Array(216);
    const nightPoints = new Float64Array(12);
    const humourPoints = new Float64Array(36);
    if (tq) {
      for (let r = 0; r < 6; r++) {
        for (let k = 0; k < 6; k++) {
          for (let o = 0; o < 6; o++) {
            musicPoints[r * 36 + k * 6 + o] = W.music * ((cRap[r]! + cTechno[k]! + cRock[o]!) / 3);
          }
        }
      }
      for (let d = 0; d < 2; d++) {
        for (let c = 0; c < 6; c++) {
          nightPoints[d * 6 + c] =
            W.nightlife *
            (NIGHTLIFE_MIX.drinks * (d === tDrinks ? 1 : 0) + NIGHTLIFE_MIX.cannabis * cCannabis[c]!);
        }
      }
      for (let j = 0; j < 6; j++) {
        for (let a = 0; a < 6; a++) {
          humourPoints[j * 6 + a] =
            W.humour * (HUMOUR_MIX.jokes * cJokes[j]! + HUMOUR_MIX.anime * cAnime[a]!);
        }
      }
    }

    // matchExactSql, part by part in its order. A group of guides' peak (below) goes through the same operations
    // with each part at its most; rounding is monotonic, so no guide of the group scores above its peak, to the
    // last bit. Written out twice: calls here would box every double.
    const score = (s: number): number => {
      const w = s * WORDS;
      const from = slotF[s * 8]!;
      const b =
        noBudget || Number.isNaN(from)
          ? 0.5
          : from <= budget
            ? 1
            : Math.max(0, Math.min(1, 2 - from / budget));
      const got =
        W.city * (slotI[w + CITY] === tCityId ? 1 : 0) +
        W.languages * langHit[slotI[w + LANGS]!]! +
        W.interests * interestsOf[slotI[w + OFFERS]!]! +
        W.budget * b;
      const codes = slotI[w + CODES]!;
      if (!tq || codes < ASSESSED) return (100 * got) / 75;
      return (
        (100 *
          (got +
            musicPoints[codes & 255]! +
            nightPoints[(codes >> 8) & 255]! +
            humourPoints[(codes >> 16) & 255]! +
            W.pace * close(tPace, slotF[s * 8 + 1]!))) /
        100
      );
    };
    const most = (table: Float64Array) => table.reduce((a, b) => Math.max(a, b));
    const langMost = t.languages.length > 0 ? 1 : 0;
    const budgetMost = noBudget ? 0.5 : 1;
    // The quiz parts at their most (the same for every set).
    const musicMost = (most(cRap) + most(cTechno) + most(cRock)) / 3;
    const nightlifeMost = NIGHTLIFE_MIX.drinks * 1 + NIGHTLIFE_MIX.cannabis * most(cCannabis);
    const humourMost = HUMOUR_MIX.jokes * most(cJokes) + HUMOUR_MIX.anime * most(cAnime);
    /** The peak of the guides of an offer set, in the traveller's city or not: score() with every part at its most. */
    const peakOf = (inCity: boolean, set: number) => {
      const got =
        W.city * (inCity ? 1 : 0) +
        W.languages * langMost +
        W.interests * interestsOf[set]! +
        W.budget * budgetMost;
      const without = (100 * got) / 75;
      if (!tq) return without;
      const withQuiz =
        (100 *
          (got + W.music * musicMost + W.nightlife * nightlifeMost + W.humour * humourMost + W.pace * 1)) /
        100;
      return Math.max(without, withQuiz);
    };

    // The page so far, best first: slots and scores. Ids compare by their first eight hex digits, then in full.
    const topSlot = new Int32Array(limit);
    const topScore = new Float64Array(limit);
    let size = 0;
    /** Whether slot a (score ma) comes before slot b (score mb). */
    const precedes = (a: number, ma: number, b: number, mb: number) =>
      ma > mb ||
      (ma === mb &&
        (slotU[a * WORDS + ID_HI]! < slotU[b * WORDS + ID_HI]! ||
          (slotU[a * WORDS + ID_HI] === slotU[b * WORDS + ID_HI] && ids[a]! < ids[b]!)));
    const cursorM = cursor?.m ?? 0;
    const cursorHi = cursor ? hiOf(cursor.id) : 0;
    const afterCursor = (s: number, m: number) =>
      m < cursorM ||
      (m === cursorM &&
        (slotU[s * WORDS + ID_HI]! > cursorHi ||
          (slotU[s * WORDS + ID_HI] === cursorHi && ids[s]! > cursor!.id)));
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
      const list = byCity.get(cities.ids.get(cityFilter.replace(/^ +| +$/g, '')) ?? -1) ?? [];
      if (key !== undefined) for (const s of list) if (slotI[s * WORDS + CITY_KEY] === key) consider(s);
      return result();
    }
    // Offer set by offer set from the best interests part down, the traveller's city first (its guides raise the
    // page's last score before other cities are read). A set is passed over once its peak is below the page's
    // last score; inside a set, read in id order, the rest is passed over once its peak is at most the page's
    // last score and the ids are past the last one's. The last class of sets (often most of them, all with one
    // peak) is read as one list in id order, past the guides already read: a city that ties costs a page's worth.
    // A generation for each page; past 2^32 − 1 the marks start again from none.
    if (++generation > 0xfffffffe) {
      for (let w = SEEN; w < slotU.length; w += WORDS) slotU[w] = 0;
      generation = 1;
    }
    const read = generation;
    /** Reads a list in id order (the traveller's city's guides, or the other cities' when `others`). */
    const scan = (list: number[] | undefined, peak: number, others: boolean) => {
      if (!list) return;
      for (let k = 0; k < list.length; k++) {
        const s = list[k]!;
        if (size === limit) {
          const last = topScore[limit - 1]!;
          if (peak < last || (peak === last && idOrder(s, topSlot[limit - 1]!) > 0)) return;
        }
        const w = s * WORDS;
        if (slotU[w + SEEN] === read || (others && slotI[w + CITY] === tCityId)) continue;
        slotU[w + SEEN] = read;
        consider(s);
      }
    };
    const lowest = order.length > 0 ? interestsOf[order[order.length - 1]!]! : 0;
    for (const others of tCityId === -1 ? [true] : [false, true]) {
      for (let o = 0; o < order.length; o++) {
        const i = order[o]!;
        const peak = peakOf(!others, i);
        if (size === limit && peak < topScore[limit - 1]!) break;
        if (interestsOf[i] === lowest) {
          scan(others ? everyone.sorted(0) : byCity.sorted(tCityId), peak, others);
          break;
        }
        scan(others ? bySet.sorted(i) : byCitySet.sorted(tCityId, i), peak, others);
      }
    }
    return result();
  }

  return {
    put,
    remove,
    current,
    vector,
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

  /** Reads these guides back: each listed one is put again, the others leave the table. */
  async function readBack(ids: string[]) {
    const rows = await deps.load(ids);
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!found.has(id)) table.remove(id);
    for (const r of rows) table.put(r);
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
    if (!loaded || flushing) return;
    flushing = flush().finally(() => {
      flushing = null;
      if (pending.size > 0 && !closed) schedule();
    });
  }

  return {
    table,
    /**
     * Reads back guides whose rows a page found changed (or gone) before their notification arrived; the next
     * read of a guide wins, whichever path made it.
     */
    refresh: readBack,
    /** Listens first (changes made while loading are read back after), then loads every listed guide. */
    start(): Promise<boolean> {
      started ??= (async () => {
        try {
          await deps.listen(GUIDE_MATCH_CHANNEL, (id) => {
            pending.add(id);
            schedule();
          });
          // Slots by city, then offers, then id: a page reads a city's guides an offer set at a time in id order,
          // so it walks the packed table forward through neighbouring lines (decision 071).
          const rows = (await deps.load(null)).map((r): [string, GuideVector] => [
            `${r.matchCity}\u0001${[...r.matchOffers].sort().join('\u0000')}\u0001${r.id}`,
            r,
          ]);
          rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
          for (const [, r] of rows) table.put(r);
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
