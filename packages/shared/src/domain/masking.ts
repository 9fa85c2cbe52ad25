// Contact details are hidden until the pair has an accepted booking, and public texts may not carry them at all:
// docs/product.md#contact-detail-masking and docs/decisions/089-masking-contact-details.md.
// The rule works in three steps: a copy of the text is normalized (lookalike characters, number words, spelled
// "at" and "dot" in Lokal's languages), contact details are found on that copy (phone numbers with
// libphonenumber-js and a digit rule, e-mail addresses, handles and links of messaging and social networks), and
// only the stretches found are replaced in the text as typed: the rest comes back exactly as written.
import { findPhoneNumbersInText } from 'libphonenumber-js/min';

export const EMAIL_HIDDEN = '[email hidden]';
export const PHONE_HIDDEN = '[phone hidden]';
export const HANDLE_HIDDEN = '[handle hidden]';
/** A phone number has at least this many digits; shorter numbers (prices, street numbers, years) stay. */
export const PHONE_MIN_DIGITS = 7;
/**
 * How many of a member's previous messages in a conversation are read with a new one, so a detail split over
 * several messages is still found (docs/decisions/089-masking-contact-details.md).
 */
export const MASK_LOOKBACK_MESSAGES = 5;

export type ContactKind = 'phone' | 'email' | 'handle';
/** A contact detail found in a text: the stretch [start, end) of the text as typed. */
export type ContactSpan = { start: number; end: number; kind: ContactKind };

const LABELS: Record<ContactKind, string> = {
  phone: PHONE_HIDDEN,
  email: EMAIL_HIDDEN,
  handle: HANDLE_HIDDEN,
};

/**
 * A text being normalized: for each UTF-16 unit of `text`, the stretch [from, to) of the original it came from.
 */
type Mapped = { text: string; from: number[]; to: number[] };

// Invisible characters that can be slipped between digits: format characters (zero-width space, joiners, word
// joiner, byte-order mark, bidi marks, soft hyphen), the combining grapheme joiner, variation selectors, Hangul
// fillers and every combining mark (a keycap's U+20E3, accents put on digits).
const INVISIBLE = /^(?:\p{Cf}|\p{M}|\u034F|[\uFE00-\uFE0F]|[\u115F\u1160\u3164\uFFA0])$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const DASH = /^(?:\p{Pd}|[\u2212\u2043\u2E3A\u2E3B])$/u;
const SPACE = /^\p{Zs}$/u;

// Letters of other scripts that look like Latin ones (Cyrillic, Greek, Armenian), and full stops NFKC leaves.
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    ['аɑα', 'a'],
    ['вβ', 'b'],
    ['сϲς', 'c'],
    ['ԁ', 'd'],
    ['еєεё', 'e'],
    ['ɡ', 'g'],
    ['һн', 'h'],
    ['іıιї', 'i'],
    ['јϳ', 'j'],
    ['кκ', 'k'],
    ['ӏ', 'l'],
    ['м', 'm'],
    ['ոη', 'n'],
    ['оοσօ', 'o'],
    ['рρ', 'p'],
    ['ԛ', 'q'],
    ['ѕ', 's'],
    ['тτ', 't'],
    ['υս', 'u'],
    ['ѵν', 'v'],
    ['ԝѡω', 'w'],
    ['хχ', 'x'],
    ['уγ', 'y'],
    ['ᴢ', 'z'],
    ['。｡․', '.'],
    ['＠', '@'],
  ].flatMap(([chars, latin]) => [...chars!].map((c) => [c, latin!])),
);

/**
 * The value of a decimal digit of any script. Unicode keeps every script's digits 0–9 in one contiguous run
 * (runs may follow each other, as the mathematical digits do), so the value is the distance from the run's
 * start, modulo 10.
 */
function digitValue(cp: number): number {
  let start = cp;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/** One character after NFKC, as the rule reads it: lower case, without accents, lookalikes as Latin. */
function fold(c: string): string {
  if (c >= '0' && c <= '9') return c;
  if (DECIMAL_DIGIT.test(c)) return String(digitValue(c.codePointAt(0)!));
  if (INVISIBLE.test(c)) return '';
  if (DASH.test(c)) return '-';
  if (SPACE.test(c)) return ' ';
  if (c === '\u2028' || c === '\u2029') return '\n';
  const lower = c.toLowerCase();
  const look = LOOKALIKES[lower] ?? LOOKALIKES[c];
  if (look) return look;
  // ß stays one letter; other letters lose their accents (três, fünf, zéro).
  return [...lower.normalize('NFD')].filter((d) => !INVISIBLE.test(d)).join('');
}

/** Every character folded, keeping where each came from. */
function normalizeCharacters(text: string): Mapped {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const end = i + (cp > 0xffff ? 2 : 1);
    const ch = text.slice(i, end);
    let n = '';
    // Printable ASCII needs only lower case.
    if (cp >= 0x20 && cp < 0x7f) n = ch.toLowerCase();
    else for (const c of ch.normalize('NFKC')) n += fold(c);
    for (let k = 0; k < n.length; k++) {
      from.push(i);
      to.push(end);
    }
    out += n;
    i = end;
  }
  return { text: out, from, to };
}

/** Replaces each match of `re` (global) in a mapped text; the replacement stands for the whole match. */
function rewrite(m: Mapped, re: RegExp, replacement: (match: RegExpExecArray) => string): Mapped {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let last = 0;
  const keep = (a: number, b: number) => {
    out += m.text.slice(a, b);
    for (let k = a; k < b; k++) {
      from.push(m.from[k]!);
      to.push(m.to[k]!);
    }
  };
  for (const match of m.text.matchAll(re)) {
    const start = match.index;
    const end = start + match[0].length;
    if (end === start) continue;
    keep(last, start);
    const r = replacement(match as RegExpExecArray);
    for (let k = 0; k < r.length; k++) {
      from.push(m.from[start]!);
      to.push(m.to[end - 1]!);
    }
    out += r;
    last = end;
  }
  keep(last, m.text.length);
  return { text: out, from, to };
}

// Digits spelled out in the languages Lokal's guides speak (English, Spanish, French, German, Italian,
// Portuguese), accents already removed. "meia" is Brazilian for six.
const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  Object.entries({
    0: 'zero cero null nul nulla',
    1: 'one uno una un une eins ein um',
    2: 'two dos deux zwei zwo due dois duas',
    3: 'three tres trois drei tre',
    4: 'four cuatro quatre vier quattro quatro',
    5: 'five cinco cinq funf fuenf cinque',
    6: 'six seis sechs sei meia',
    7: 'seven siete sept sieben sette sete',
    8: 'eight ocho huit acht otto oito',
    9: 'nine nueve neuf neun nove',
  }).flatMap(([digit, words]) => words.split(' ').map((w) => [w, digit])),
);
const NUMBER_WORD = new RegExp(
  `(?<!\\p{L})(?:${Object.keys(NUMBER_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|')})(?!\\p{L})`,
  'gu',
);
// O for 0 and l, i or | for 1 inside a run of digits: a word of its own with at least two real digits.
const DIGIT_LOOKALIKES =
  /(?<![\p{L}\d])(?=(?:[oil|]*\d){2})[\doil|]*(?:[oil|][\doil|]*\d|\d[\doil|]*[oil|])[\doil|]*(?![\p{L}\d])/gu;

// "at" and "dot" spelled out in Lokal's languages: in brackets of any kind (jane[at]gmail, jane (punto) doe) or
// as a word between spaces (jane arroba gmail ponto com). A sentence's "at" becomes "@" too, but only an
// e-mail's shape is ever masked. Each match starts where its spaces start, so long runs of spaces are not
// searched again from every position.
const AT_WORDS = 'at|arroba|arobase|chez|bei|chiocciola|klammeraffe';
const DOT_WORDS = 'dot|punto|point|punkt|ponto';
const SPELLED = new RegExp(
  `(?<!\\s)\\s*[[({<]\\s*(${AT_WORDS}|${DOT_WORDS}|@|\\.)\\s*[\\])}>]\\s*|(?<!\\s)\\s+(${AT_WORDS}|${DOT_WORDS})\\s+`,
  'gu',
);
const AT_WORD = new RegExp(`^(?:${AT_WORDS}|@)$`, 'u');

function normalize(text: string): Mapped {
  let m = normalizeCharacters(text);
  m = rewrite(m, NUMBER_WORD, (w) => NUMBER_WORDS[w[0]]!);
  m = rewrite(m, DIGIT_LOOKALIKES, (w) => w[0].replace(/o/g, '0').replace(/[il|]/g, '1'));
  return rewrite(m, SPELLED, (w) => (AT_WORD.test((w[1] ?? w[2])!) ? '@' : '.'));
}

// On the normalized text. Spaces may stand around the @ and on both sides of the dots (jane . doe @ gmail . com). The domain must
// end the address: "me@jane.doe" out of "me at jane.doe@x.com" (where the sentence's "at" became "@") is not one.
// A webmail provider's name is enough without its ending (jane at gmail).
const LABEL = '[a-z0-9_%+-]+';
// A dot with no space or a space on each side: "home. Come" ends a sentence.
const DOT = '(?:\\.| \\. )';
const PROVIDERS =
  'gmail|googlemail|hotmail|outlook|yahoo|ymail|icloud|protonmail|proton|gmx|yandex|qq|aol|libero|wanadoo|t-online';
const EMAIL = new RegExp(
  `(?<![a-z0-9._%+-])${LABEL}(?:${DOT}${LABEL})* ?@ ?(?:[a-z0-9-]+(?:${DOT}[a-z0-9-]+)*${DOT}[a-z]{2,}(?![a-z0-9_-])(?![a-z0-9._%+-]*@)|(?:${PROVIDERS})(?![a-z0-9]))`,
  'gu',
);

// Links and app addresses of messaging and social networks, with whatever follows them up to a space.
const NETWORK_LINK = new RegExp(
  `(?:(?:https?:\\/\\/)?(?:www\\.)?(?:${[
    't\\.me',
    'telegram\\.(?:me|dog|org)',
    'wa\\.me',
    '(?:api\\.|chat\\.|web\\.)?whatsapp\\.com',
    'wa\\.link',
    'ig\\.me',
    'instagram\\.com',
    'instagr\\.am',
    'm\\.me',
    'messenger\\.com',
    '(?:m\\.)?facebook\\.com',
    'fb\\.(?:com|me)',
    '(?:vm\\.)?tiktok\\.com',
    'x\\.com',
    'twitter\\.com',
    'snapchat\\.com',
    'signal\\.(?:me|group)',
    'line\\.me',
    'lin\\.ee',
    'viber\\.(?:com|me)',
    'vb\\.me',
    '(?:join\\.)?skype\\.com',
    'u\\.wechat\\.com',
    'weixin\\.qq\\.com',
    'threads\\.net',
    'discord\\.(?:gg|com)',
    'linkedin\\.com',
  ].join(
    '|',
  )})(?![a-z0-9-])|(?:whatsapp|tg|viber|skype|weixin|line|sms|tel|callto|mailto):(?=[^\\s]))[^\\s]*`,
  'gu',
);

// A network's name, then its handle. Unmistakable names may be followed by a mark (insta: jane, ig @jane,
// telegram = jane) or by a handle that cannot be a word (ig jane_doe); any name, even one that is also a word
// (line, signal, snap, x), counts before a mark and a handle that cannot be a word (snap me: jane.doe99), or
// after "my" in any of Lokal's languages (my ig is jane, mi insta es jane).
const STRONG =
  'instagram|insta|ig|telegram|telegrama|whatsapp|whats app|watsapp|wasap|whatsap|wapp|zap|zapzap|snapchat|facebook|fb|messenger|tiktok|tik tok|twitter|wechat|weixin|viber|skype|discord|kik|tg';
const ANY = `${STRONG}|snap|signal|line|x|threads|wa`;
// Words that follow a network's name without being a handle: "my instagram is private", "insta: for photos".
const NOT_HANDLES =
  '(?!(?:private|public|closed|locked|down|new|old|blocked|deleted|gone|here|there|not|the|an|and|or|for|to|in|on|at|with|only|also|empty|inactive|great|privad[oa]|privee?|privat|privat[oa]|noon|midnight|home|work)(?![a-z0-9._-]))';
const HANDLE = `@?${NOT_HANDLES}([a-z0-9_][a-z0-9._-]{1,29}[a-z0-9_])`;
const HANDLE_WORDS =
  '(?:handle|user(?:name)?|name|id|account|cuenta|usuario|compte|pseudo|konto|nutzername|profil[eo]?|perfil|conta)';
const JOIN = '(?:is|es|est|ist|e|[:=@-])';
const NETWORK_HANDLE = new RegExp(
  [
    `(?<![a-z0-9])(?:${STRONG})(?![a-z0-9])(?: me)?(?: ${HANDLE_WORDS})? ?(?:[:=@-]|->|=>) ?${HANDLE}(?![a-z0-9])`,
    `(?<![a-z0-9])(?:${STRONG})(?![a-z0-9]) @?([a-z0-9_]*[._\\d][a-z0-9._]*[a-z0-9_])(?![a-z0-9])`,
    `(?<![a-z0-9])(?:${ANY})(?![a-z0-9])(?: me)? ?[:=@] ?@?((?=[a-z0-9._]*[a-z])[a-z0-9_]*[._\\d][a-z0-9._]*[a-z0-9_])(?![a-z0-9])`,
    `(?<![a-z0-9])(?:my|mi|mis|mon|ma|mes|mein|meine|meinen|il mio|mio|la mia|mia|meu|minha|o meu|a minha|our|nuestro|notre|unser) (?:${ANY})(?![a-z0-9])(?: ${HANDLE_WORDS})?(?: ${JOIN})? ?${HANDLE}(?![a-z0-9])`,
  ].join('|'),
  'gu',
);
// "@jane_doe": an at sign that no address stands before, then a handle that starts with a letter.
const AT_HANDLE = new RegExp(
  `(?<![a-z0-9._%+-])@${NOT_HANDLES}([a-z_][a-z0-9._]{1,29}[a-z0-9_])(?![a-z0-9@])`,
  'gu',
);

// What may stand between the digit groups of one phone number: spaces, dots, dashes and other marks (up to
// five), or a comma with no space after it. Not a line break: numbers on separate lines are separate numbers.
const JOINER = /^(?:[ \t.\-_/():·•*~|'"\\]{1,5}|,)$/u;
// Dates and times are not phone numbers, even with eight digits: 2026-12-24, 24/12/2026, 24.12., 18:30, 9.30,
// 2025-2026. The separator of a date is the same throughout.
const DAY = '(?:3[01]|[12]\\d|0?[1-9])';
const MONTH = '(?:1[0-2]|0?[1-9])';
const YEAR = '(?:19|20)\\d\\d';
const DATE_OR_TIME = new RegExp(
  [
    `${YEAR}([-/.])${MONTH}\\1${DAY}`,
    `${DAY}([-/.])${MONTH}\\2(?:${YEAR}|\\d\\d)`,
    `${MONTH}([-/.])${DAY}\\3(?:${YEAR}|\\d\\d)`,
    `${YEAR} ?[-/] ?(?:${YEAR}|\\d\\d)`,
    `(?:2[0-3]|[01]?\\d)[:.h][0-5]\\d`,
    `${DAY}[./]${MONTH}(?!\\d)\\.?`,
  ]
    // Each ends where a group of digits ends.
    .map((p) => `(?:${p})(?!\\d)`)
    .join('|'),
  'y',
);
// A date or time stands apart from the numbers around it: by spaces, a dash or a slash, or a full stop and a space.
const SOFT_GAP = /^(?:\.?\s+|\s*[-/]\s*)$/u;

// Numbers that are never phone numbers, blanked before the digit rule reads the text: coordinates
// (38.7139, -9.1394), Portuguese postcodes and amounts of money with their currency (€1,250, 1.250 €, 1 250 000 EUR) up to millions.
const CURRENCY =
  '[€$£¥₹₩₺₽]|(?:eur|usd|gbp|chf|brl|mxn|ars|cop|clp|jpy|aud|cad|euros?|dollars?|reais|pesos)(?![a-z])';
const AMOUNT = "\\d{1,3}(?:[., ']\\d{3}){0,2}(?:[.,]\\d{1,2})?(?!\\d)|\\d{1,7}(?:[.,]\\d{1,2})?(?!\\d)";
const HARMLESS_NUMBERS = new RegExp(
  [
    '-?\\d{1,3}\\.\\d{2,}\\s?°?\\s?[ns]?,\\s*-?\\d{1,3}\\.\\d{2,}',
    // A Portuguese postcode before its town (1100-048 Lisboa).
    '(?<!\\d)\\d{4}-\\d{3}(?= \\p{L})',
    `(?:${CURRENCY}) ?(?:${AMOUNT})`,
    `(?<![\\d.,])(?:${AMOUNT}) ?(?:${CURRENCY})`,
  ].join('|'),
  'gu',
);

type Group = { start: number; end: number };

/** The stretches of the normalized text that the digit rule reads as phone numbers. */
function digitRuleSpans(text: string): Group[] {
  const groups: Group[] = [...text.matchAll(/\d+/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  // Groups joined by separators form a chain; a chain's dates and times split it into runs of other groups.
  const spans: Group[] = [];
  let run: Group[] = [];
  const close = () => {
    const digits = run.reduce((n, g) => n + g.end - g.start, 0);
    if (digits >= PHONE_MIN_DIGITS) {
      let start = run[0]!.start;
      // A leading + or ( belongs to the number: +34 …, (415) …, (+1) …
      while (start > 0 && '+('.includes(text[start - 1]!) && run[0]!.start - start < 2) start--;
      spans.push({ start, end: run.at(-1)!.end });
    }
    run = [];
  };
  const joined = (a: Group, b: Group) => JOINER.test(text.slice(a.end, b.start));
  for (let i = 0; i < groups.length; ) {
    const g = groups[i]!;
    if (i > 0 && !joined(groups[i - 1]!, g)) close();
    // A date or time: it starts here, ends at the end of a group, and stands apart from its neighbours.
    DATE_OR_TIME.lastIndex = g.start;
    const item = DATE_OR_TIME.exec(text);
    let skip = 0;
    if (item) {
      const end = g.start + item[0].length;
      let j = i;
      while (j < groups.length && groups[j]!.end <= end) j++;
      const lastEnd = groups[j - 1]!.end;
      const after = text.slice(lastEnd, groups[j]?.start ?? text.length);
      const before = i > 0 ? text.slice(groups[i - 1]!.end, g.start) : ' ';
      const apart =
        (end === lastEnd || text.slice(lastEnd, end) === '.') &&
        (j === groups.length || !joined(groups[j - 1]!, groups[j]!) || SOFT_GAP.test(after)) &&
        (i === 0 || !joined(groups[i - 1]!, g) || SOFT_GAP.test(before));
      if (apart) skip = j - i;
    }
    if (skip > 0) {
      close();
      i += skip;
    } else {
      run.push(g);
      i++;
    }
  }
  close();
  return spans;
}

/** Blanks the stretches of `text` matched by `re` with `x`, keeping every other position where it was. */
const blank = (text: string, spans: Group[]) =>
  spans.reduce((t, s) => t.slice(0, s.start) + 'x'.repeat(s.end - s.start) + t.slice(s.end), text);
const spansOf = (text: string, re: RegExp): Group[] =>
  [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));

/** Contact details on the normalized text, as stretches of it. */
function findOnNormalized(text: string): (Group & { kind: ContactKind })[] {
  const found: (Group & { kind: ContactKind })[] = [];
  let rest = text;
  const take = (spans: Group[], kind: ContactKind) => {
    for (const s of spans) found.push({ ...s, kind });
    // What is found once is not read again (an address's digits are not a phone number too).
    rest = blank(rest, spans);
  };
  take(spansOf(rest, NETWORK_LINK), 'handle');
  take(spansOf(rest, EMAIL), 'email');
  // Only the handle itself is hidden, not the network's name before it.
  const handles = (re: RegExp) =>
    [...rest.matchAll(re)].map((m) => {
      const handle = m.slice(1).find((g) => g !== undefined)!;
      const end = m.index + m[0].length;
      let start = end - handle.length;
      if (rest[start - 1] === '@') start--;
      return { start, end };
    });
  take(handles(NETWORK_HANDLE), 'handle');
  take(handles(AT_HANDLE), 'handle');
  // libphonenumber-js finds numbers written the international way (+34 …, 00 34 …, with extensions), by each
  // country's own plan; the digit rule finds national numbers of any country. Neither reads money or places.
  const harmless = blank(rest, spansOf(rest, HARMLESS_NUMBERS));
  // 00 before a country code is read as its +, in a copy of the same length.
  const plus = harmless.replace(/(?<!\d)00(?=[1-9])/g, ' +');
  const international = findPhoneNumbersInText(plus).map((p) => ({
    start: plus[p.startsAt] === '+' && harmless[p.startsAt] === '0' ? p.startsAt - 1 : p.startsAt,
    end: p.endsAt,
  }));
  take(international, 'phone');
  take(digitRuleSpans(blank(harmless, international)), 'phone');
  return found;
}

/** The contact details in a text, as stretches of the text as typed, in order. */
export function findContactDetails(text: string): ContactSpan[] {
  if (!text) return [];
  const n = normalize(text);
  const spans = findOnNormalized(n.text).map((s) => ({
    start: n.from[s.start]!,
    end: n.to[s.end - 1]!,
    kind: s.kind,
  }));
  // Invisible characters right after a detail (a keycap digit's last marks) go with it.
  for (const s of spans) {
    while (s.end < text.length) {
      const ch = String.fromCodePoint(text.codePointAt(s.end)!);
      if (!INVISIBLE.test(ch)) break;
      s.end += ch.length;
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping stretches (through a shared separator) are one: the first found names it.
  const merged: ContactSpan[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

/** Whether a text carries a phone number, an e-mail address or a network's handle or link. */
export const hasContactDetails = (text: string): boolean => findContactDetails(text).length > 0;

/** Replaces each stretch with its label; a text with none comes back unchanged. */
function replaceSpans(text: string, spans: ContactSpan[]): string {
  if (spans.length === 0) return text;
  let out = '';
  let last = 0;
  for (const s of spans) {
    out += text.slice(last, s.start) + LABELS[s.kind];
    last = s.end;
  }
  return out + text.slice(last);
}

/**
 * Replaces phone numbers, e-mail addresses and networks' handles and links with `[phone hidden]`,
 * `[email hidden]` and `[handle hidden]`; a text with none comes back unchanged.
 */
export const maskContactDetails = (text: string): string => replaceSpans(text, findContactDetails(text));

/**
 * A new message masked with the member's previous messages in the conversation (oldest first, as stored): a
 * detail split over several messages is hidden where it ends up in the new one. The earlier parts were
 * delivered already; alone each was too short to be a contact detail.
 */
export function maskAfter(previous: readonly string[], text: string): string {
  const own = findContactDetails(text);
  // Read as one text: messages sent one after another are joined as if typed on one line.
  const before = previous.slice(-MASK_LOOKBACK_MESSAGES).join(' ');
  if (!before) return replaceSpans(text, own);
  const offset = before.length + 1;
  const across = findContactDetails(`${before} ${text}`)
    .filter((s) => s.end > offset)
    .map((s) => ({ start: Math.max(0, s.start - offset), end: s.end - offset, kind: s.kind }));
  const spans = [...across, ...own].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ContactSpan[] = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return replaceSpans(text, merged);
}
