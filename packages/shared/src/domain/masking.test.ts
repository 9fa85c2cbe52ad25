import { describe, expect, it } from 'vitest';
import { hasContactDetails, MASK_LOOKBACK_MESSAGES, maskAfter, maskContactDetails } from './masking.ts';

const P = '[phone hidden]';
const E = '[email hidden]';
const H = '[handle hidden]';
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
  // Every Unicode dash and separator between the groups.
  ['612—345—678', P],
  ['612‒345‒678', P],
  ['612−345−678', P],
  ['612\u2011345\u2011678', P],
  ['612\u00A0345\u2009678', P],
  ['612\u3000345\u3000678', P],
  ['612\u202F345\u205F678', P],
  ['612•345•678', P],
  ['612·345·678', P],
  ['612*345*678', P],
  ['612,345,678', P],
  ['612~345~678', P],
  ['612|345|678', P],
  ['6-1-2-3-4-5-6-7-8', P],
  // A combining mark on each digit.
  ['6\u03011\u03012\u0301 345 678', P],
  // Number words in Lokal's languages, and letters for digits.
  ['six one two three four five six seven eight', P],
  ['SIX ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT', P],
  ['call 6 one 2 three 4 five 6 seven 8', `call ${P}`],
  ['seis uno dos tres cuatro cinco seis siete ocho', P],
  ['cero seis uno dos tres cuatro cinco seis siete', P],
  ['six un deux trois quatre cinq six sept huit', P],
  ['null sechs eins zwei drei vier fünf sechs sieben', P],
  ['sei uno due tre quattro cinque sei sette otto', P],
  ['nove um dois três quatro cinco seis sete oito', P],
  ['meu zap é nove nove um dois três quatro cinco seis sete', `meu zap é ${P}`],
  ['6l2 345 67O', P],
  ['O6l2 34 56 78', P],
  ['+44 20 7946 0958 ext. 12', P],
  ['00 34 612 345 678', P],
  // Lookalike letters in an address.
  ['jane.doe@gmаil.com', E],
  ['jаne.dое at gmail dot com', E],
  // "at" and "dot" in Lokal's languages, spaced addresses, and a provider named alone.
  ['jane arroba gmail punto com', E],
  ['jane arobase gmail point fr', E],
  ['jane chez gmail point com', E],
  ['jane bei gmx punkt de', E],
  ['jane chiocciola libero punto it', E],
  ['jane arroba hotmail ponto com', E],
  ['jane(at)gmail(punto)com', E],
  ['jane [arroba] gmail [punto] es', E],
  ['jane . doe @ gmail . com', E],
  ['write jane at gmail', `write ${E}`],
  ['escríbeme: jane arroba gmail', `escríbeme: ${E}`],
  // Links of messaging and social networks.
  ['t.me/janedoe', H],
  ['https://wa.me/34612345678', H],
  ['wa.me/34612345678 please', `${H} please`],
  ['instagram.com/jane.doe', H],
  ['www.instagram.com/jane_doe/', H],
  ['ig.me/m/jane', H],
  ['m.me/jane.doe', H],
  ['facebook.com/jane.doe', H],
  ['tiktok.com/@jane', H],
  ['x.com/jane', H],
  ['twitter.com/jane', H],
  ['snapchat.com/add/jane', H],
  ['signal.me/#p/+34612345678', H],
  ['line.me/ti/p/jane', H],
  ['join.skype.com/abc', H],
  ['viber://chat?number=34612345678', H],
  ['tg://resolve?domain=jane', H],
  ['skype:jane.doe?call', H],
  ['Ｔ．ｍｅ／janedoe', H],
  // Handles, with a network named or an @.
  ['@jane_doe', H],
  ['follow me @janedoe', `follow me ${H}`],
  ['insta: janedoe', `insta: ${H}`],
  ['my ig is janedoe', `my ig is ${H}`],
  ['IG: jane.doe', `IG: ${H}`],
  ['mi insta es janedoe', `mi insta es ${H}`],
  ['mon insta est janedoe', `mon insta est ${H}`],
  ['mein insta ist janedoe', `mein insta ist ${H}`],
  ['il mio instagram è janedoe', `il mio instagram è ${H}`],
  ['meu insta é janedoe', `meu insta é ${H}`],
  ['telegram: @janedoe', `telegram: ${H}`],
  ['whatsapp: jane_doe', `whatsapp: ${H}`],
  ['snapchat - janedoe99', `snapchat - ${H}`],
  ['my snap is janedoe', `my snap is ${H}`],
  ['my signal is janedoe', `my signal is ${H}`],
  ['my line id is janedoe', `my line id is ${H}`],
  ['my wechat is jane_doe', `my wechat is ${H}`],
  ['viber = janedoe', `viber = ${H}`],
  ['skype: jane.doe', `skype: ${H}`],
  ['tiktok @janedoe', `tiktok ${H}`],
  ['my twitter handle is janedoe', `my twitter handle is ${H}`],
  ['my x is janedoe', `my x is ${H}`],
  ['facebook: jane.doe.7', `facebook: ${H}`],
  ['messenger: jane.doe', `messenger: ${H}`],
  ['ig jane_doe', `ig ${H}`],
  ['tg: janedoe', `tg: ${H}`],
  ['Tеlеgrаm: janedoe', `Tеlеgrаm: ${H}`],
  ['ＩＧ： ｊａｎｅｄｏｅ', `ＩＧ： ${H}`],
  ['snap me: jane.doe99', `snap me: ${H}`],
  ['Line: jane_doe', `Line: ${H}`],
  // Several in one message.
  ['insta @jane_doe or +34 612 345 678', `insta ${H} or ${P}`],
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
  // Coordinates, money, dates and times, rooms, streets, years and party sizes.
  '38.7139, -9.1394',
  'Meet at 38.713921, -9.139412',
  'lat 41.3874 lng 2.1686',
  '€1,250',
  '1.250 €',
  '$12,000',
  '€1.250.000 for the villa',
  '1 250 000 EUR',
  'from 1.250 euros',
  'Price: 1,250 USD per group',
  'tickets 25€ + 12€',
  '14:30',
  '2:30pm',
  'at 2:30 pm',
  '12/05/2026 14:30',
  'Tour from 10:00 to 13:30',
  'room 412',
  'Zimmer 12, Etage 3',
  'Rua Augusta 24',
  'Rua Augusta 24, 1100-048 Lisboa',
  'Calle Mayor 10, 28013 Madrid',
  'Via Roma 1, 00184 Roma',
  'since 1998',
  '2024-2025',
  'Party of 6',
  'we are six',
  'we are 2 adults and 3 kids',
  'Flight IB 3456 lands at 9:40',
  // Words that are also networks' names, numbers' names or "at" and "dot".
  'Line up at the gate',
  'Line: 12 people, x: 3',
  'The signal is weak here',
  'Snap some photos',
  'I love Instagram',
  'Instagram is great for photos',
  'my instagram is private',
  'Instagram: for photos',
  'Lunch @noon, then @home',
  'sei bravissima',
  'otto persone',
  'one two three, go!',
  'un deux trois soleil',
  'Meet me @ the station',
  'see you at 10.30 at Praça do Comércio',
  'my favourite is the old town',
  'Hello from Lokal 👋',
  '',
];

describe('maskContactDetails', () => {
  it(`hides every one of ${MASKED.length} ways to write a phone number, an e-mail address or a handle`, () => {
    expect(MASKED.length).toBeGreaterThanOrEqual(80);
  });
  it.each(MASKED)('%j → %j', (text, shown) => {
    expect(maskContactDetails(text)).toBe(shown);
    expect(hasContactDetails(text)).toBe(true);
  });

  it(`leaves ${UNTOUCHED.length} texts without contact details byte-identical`, () => {
    expect(UNTOUCHED.length).toBeGreaterThanOrEqual(30);
  });
  it.each(UNTOUCHED)('%j stays', (text) => {
    expect(maskContactDetails(text)).toBe(text);
    expect(hasContactDetails(text)).toBe(false);
  });

  it('keeps what is around a hidden detail exactly as typed', () => {
    expect(maskContactDetails('ｈｉ！ call ６１２ ３４５ ６７８ at 18:30 🙂')).toBe(
      `ｈｉ！ call ${P} at 18:30 🙂`,
    );
    expect(maskContactDetails(`on 24/12/2026 call 612345678`)).toBe(`on 24/12/2026 call ${P}`);
  });
});

describe('maskAfter', () => {
  it('hides a detail split over a member’s messages where it is completed', () => {
    expect(maskAfter(['612 345'], '678')).toBe(P);
    expect(maskAfter(['my number is 612', '345'], '678 ok')).toBe(`${P} ok`);
    expect(maskAfter(['six one two', 'three four five'], 'six seven eight')).toBe(P);
    expect(maskAfter(['jane.doe'], 'at gmail dot com')).toBe(E);
    expect(maskAfter(['my insta is'], 'janedoe')).toBe(H);
    expect(maskAfter(['wa.me/'], '34612345678')).toBe(P);
  });
  it('still hides what the new message holds alone, and leaves harmless follow-ups', () => {
    expect(maskAfter(['hello'], 'call 612 345 678')).toBe(`call ${P}`);
    expect(maskAfter(['room 412'], 'at 14:30')).toBe('at 14:30');
    expect(maskAfter(['We are 4', 'on 24/12/2026'], 'for €1,250')).toBe('for €1,250');
  });
  it(`reads only the last ${MASK_LOOKBACK_MESSAGES} messages`, () => {
    const filler = Array.from({ length: MASK_LOOKBACK_MESSAGES }, () => 'ok');
    expect(maskAfter(['612 345', ...filler], '678')).toBe('678');
  });
});
