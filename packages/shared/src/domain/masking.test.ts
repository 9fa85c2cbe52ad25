import { describe, expect, it } from 'vitest';
import { maskContactDetails } from './masking.ts';

const P = '[phone hidden]';
const E = '[email hidden]';
const ZW = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];
/** The digits 0–9 of another script, from its zero. */
const digitsFrom = (zero: number) => (s: string) =>
  s.replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)));
const fullWidth = digitsFrom(0xff10);
const arabicIndic = digitsFrom(0x0660);
const easternArabic = digitsFrom(0x06f0);
const devanagari = digitsFrom(0x0966);
const mathBold = digitsFrom(0x1d7ce);
const mathMonospace = digitsFrom(0x1d7f6);

// docs/product.md#contact-detail-masking: what the other party sees instead of each attempt.
const MASKED: [string, string][] = [
  // Phone numbers as people type them.
  ['call +1 (415) 555-0199 tonight', `call ${P} tonight`],
  ['my number: 912 345 678', `my number: ${P}`],
  ['612345678', P],
  ['+34612345678', P],
  ['+34 612 345 678', P],
  ['(+34) 612 34 56 78', P],
  ['0034 612 345 678', P],
  ['612-345-678', P],
  ['612.345.678', P],
  ['612/345/678', P],
  ['612_345_678', P],
  ['612 - 345 - 678', P],
  ['06.12.34.56.78', P],
  ['555-0199 after six', `${P} after six`],
  ['6 1 2 3 4 5 6 7 8', P],
  ['612:345:678', P],
  ['Call me on +47 912 34 567!', `Call me on ${P}!`],
  ['Meet at 10.30. 612 345 678', `Meet at 10.30. ${P}`],
  ['612 345 678\n2 people', `${P}\n2 people`],
  // Digits of other scripts, and look-alikes NFKC folds.
  [fullWidth('612345678'), P],
  [`WhatsApp ${fullWidth('+34 612 345 678')}`, `WhatsApp ${P}`],
  [arabicIndic('612345678'), P],
  [`رقمي ${arabicIndic('0612 345 678')}`, `رقمي ${P}`],
  [easternArabic('0912 345 6789'), P],
  [devanagari('98765 43210'), P],
  [mathBold('612345678'), P],
  [mathMonospace('612 345 678'), P],
  ['⑥①②③④⑤⑥⑦⑧', P],
  ['6️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣8️⃣', P],
  [`mix ${fullWidth('612')} ${arabicIndic('345')} ${mathBold('678')}`, `mix ${P}`],
  // Digits split by invisible characters.
  ...ZW.map((z): [string, string] => [`text me ${[...'612345678'].join(z)} ok`, `text me ${P} ok`]),
  [`6\u200B1\u200C2 3\u200D4\u20605 6\uFEFF78`, P],
  ['612 dot 345 dot 678', P],
  // E-mail addresses.
  ['write me at ana.silva+trip@gmail.com!', `write me at ${E}!`],
  ['jane.doe@gmail.com', E],
  ['JANE.DOE@GMAIL.COM', E],
  ['jane.doe＠gmail.com', E],
  ['jane.doe﹫gmail．com', E],
  ['ｊａｎｅ．ｄｏｅ＠ｇｍａｉｌ．ｃｏｍ', E],
  ['jane.doe @ gmail.com', E],
  ['jane.doe at gmail dot com', E],
  ['jane.doe AT gmail DOT com', E],
  ['jane dot doe at gmail dot co dot uk', E],
  ['jane.doe [at] gmail [dot] com', E],
  ['jane.doe[at]gmail[dot]com', E],
  ['jane(dot)doe(at)gmail(dot)com', E],
  ['jane.doe (at) gmail (dot) com', E],
  ['jane.doe {at} gmail {dot} com', E],
  ['jane.doe <at> gmail <dot> com', E],
  ['jane.doe[@]gmail[.]com', E],
  ['jane.doe at gmail.com', E],
  [`jane.doe@gm\u200Bail.com`, E],
  ['write to jane.doe at gmail dot com, thanks', `write to ${E}, thanks`],
  ['email me at jane.doe@gmail.com please', `email me at ${E} please`],
  ['mail 612345678@qq.com', `mail ${E}`],
  // Both in one message.
  ['jane@x.io or 612 345 678', `${E} or ${P}`],
];

// Numbers and words that are not contact details come back exactly as typed.
const UNTOUCHED: string[] = [
  'Meet at 19:30 near gate 12, about $150 for 2 people in 2026.',
  '€120',
  'It costs $1,200.50 for the group.',
  '120 EUR per person',
  'On 2026-12-24 we start early.',
  'See you on 24/12/2026!',
  'Arriving 24.12. in the evening',
  '2026-12-24 18:30 at the fountain',
  '24.12. 18.30',
  'We finish at 18:30.',
  'Dinner at 6pm, drinks at 9 pm',
  '18:30 - 20:00 works, or 9.30-11.30',
  'We are 2 people',
  'A party of 12',
  'Carrer de Verdi 32, Barcelona',
  'Built in 1888, rebuilt in 1992',
  'The 2025-2026 season',
  'A 15% discount, 50 % refund',
  'Room 404, floor 3',
  'Meet me at the station. I will be at the main entrance at noon.',
  'I am at home, not at the hotel',
  'The dot at the end',
  'Tickets: 3 x 25 EUR = 75 EUR',
  'Between 12/05/2026 and 19/05/2026',
  'Café ☕ at 8, naïve question 🙂',
  'ｆｕｌｌ width text ２ people',
  `zero\u200Bwidth with no number`,
  'Join on 12/24/2026 at 10.30',
  '',
];

describe('maskContactDetails', () => {
  it(`hides every one of ${MASKED.length} ways to write a phone number or an e-mail address`, () => {
    expect(MASKED.length).toBeGreaterThanOrEqual(40);
  });
  it.each(MASKED)('%j → %j', (text, shown) => {
    expect(maskContactDetails(text)).toBe(shown);
  });

  it(`leaves ${UNTOUCHED.length} texts without contact details byte-identical`, () => {
    expect(UNTOUCHED.length).toBeGreaterThanOrEqual(15);
  });
  it.each(UNTOUCHED)('%j stays', (text) => {
    expect(maskContactDetails(text)).toBe(text);
  });

  it('keeps what is around a hidden detail exactly as typed', () => {
    expect(maskContactDetails('ｈｉ！ call ６１２ ３４５ ６７８ at 18:30 🙂')).toBe(
      `ｈｉ！ call ${P} at 18:30 🙂`,
    );
    expect(maskContactDetails(`on 24/12/2026 call 612345678`)).toBe(`on 24/12/2026 call ${P}`);
  });
});
