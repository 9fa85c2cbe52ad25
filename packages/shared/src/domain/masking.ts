// Contact details are hidden until the pair has an accepted booking: docs/product.md#contact-detail-masking.
// The text is normalized first (so 612/345/678, ６１２…, ٦١٢…, jane at gmail dot com are caught), the patterns
// are matched on the normalized copy, and only the matched stretches of the original text are replaced: the
// rest comes back exactly as typed.

export const EMAIL_HIDDEN = '[email hidden]';
export const PHONE_HIDDEN = '[phone hidden]';
/** A phone number has at least this many digits; shorter numbers (prices, street numbers, years) stay. */
export const PHONE_MIN_DIGITS = 7;

/**
 * A text being normalized: for each UTF-16 unit of `text`, the stretch [from, to) of the original it came from.
 */
type Mapped = { text: string; from: number[]; to: number[] };

// Invisible characters that can be slipped between digits: format characters (zero-width space, joiners, word
// joiner, byte-order mark, bidi marks, soft hyphen), the combining grapheme joiner, variation selectors and the
// enclosing keycap (U+20E3) of keycap digits.
const INVISIBLE = /^(?:\p{Cf}|\u034F|[\uFE00-\uFE0F]|\u20E3)$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
// Full stops of other scripts that NFKC leaves alone.
const FULL_STOPS: Record<string, string> = { '\u3002': '.' };

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

/** NFKC per character, every script's digits as ASCII digits, invisible characters dropped. */
function normalizeCharacters(text: string): Mapped {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const end = i + (cp > 0xffff ? 2 : 1);
    const ch = text.slice(i, end);
    let n = '';
    // Printable ASCII is its own normal form.
    if (cp >= 0x20 && cp < 0x7f) n = ch;
    else if (!INVISIBLE.test(ch)) {
      for (const c of ch.normalize('NFKC')) {
        if (c >= '0' && c <= '9') n += c;
        else if (DECIMAL_DIGIT.test(c)) n += String(digitValue(c.codePointAt(0)!));
        else if (!INVISIBLE.test(c)) n += FULL_STOPS[c] ?? c;
      }
    }
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

// "at" and "dot" spelled out: in brackets of any kind (jane[at]gmail, jane (dot) doe) or as a word between
// spaces (jane at gmail dot com). A sentence's "at" becomes "@" too, but only an e-mail's shape is ever masked.
// Each match starts where its spaces start, so long runs of spaces are not searched again from every position.
const SPELLED = /(?<!\s)\s*[[({<]\s*(at|dot|@|\.)\s*[\])}>]\s*|(?<!\s)\s+(at|dot)\s+/giu;

function normalize(text: string): Mapped {
  return rewrite(normalizeCharacters(text), SPELLED, (m) =>
    (m[1] ?? m[2])!.toLowerCase() === 'at' || m[1] === '@' ? '@' : '.',
  );
}

// On the normalized text. The domain must end the address: "me@jane.doe" out of "me at jane.doe@x.com" (where
// the sentence's "at" became "@") is not one.
const EMAIL =
  /(?<![A-Z0-9._%+-])[A-Z0-9._%+-]+ ?@ ?[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}(?![A-Z0-9_-])(?![A-Z0-9._%+-]*@)/giu;

// What may stand between the digit groups of one phone number.
// Not a line break: numbers on separate lines are separate numbers.
const JOINER = /^[ \t.\-_/():]{1,5}$/u;
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

type Group = { start: number; end: number };

/** The stretches of the normalized text that are phone numbers. */
function phoneSpans(text: string): Group[] {
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

/**
 * Replaces e-mail addresses and phone numbers with `[email hidden]` and `[phone hidden]`; a text with neither
 * comes back unchanged.
 */
export function maskContactDetails(text: string): string {
  const n = normalize(text);
  const found: { start: number; end: number; label: string }[] = [];
  let digitsOnly = n.text;
  for (const m of n.text.matchAll(EMAIL)) {
    const end = m.index + m[0].length;
    found.push({ start: n.from[m.index]!, end: n.to[end - 1]!, label: EMAIL_HIDDEN });
    // An address's digits are not a phone number too.
    digitsOnly = digitsOnly.slice(0, m.index) + 'x'.repeat(m[0].length) + digitsOnly.slice(end);
  }
  for (const s of phoneSpans(digitsOnly)) {
    found.push({ start: n.from[s.start]!, end: n.to[s.end - 1]!, label: PHONE_HIDDEN });
  }
  if (found.length === 0) return text;
  // Invisible characters right after a hidden detail (a keycap digit's last marks) go with it.
  for (const f of found) {
    while (f.end < text.length) {
      const cp = text.codePointAt(f.end)!;
      const ch = String.fromCodePoint(cp);
      if (!INVISIBLE.test(ch)) break;
      f.end += ch.length;
    }
  }
  found.sort((a, b) => a.start - b.start);
  let out = '';
  let last = 0;
  for (const f of found) {
    if (f.start < last) {
      // Overlaps the previous stretch (only through a shared separator): extend it.
      last = Math.max(last, f.end);
      continue;
    }
    out += text.slice(last, f.start) + f.label;
    last = f.end;
  }
  return out + text.slice(last);
}
