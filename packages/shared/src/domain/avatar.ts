// Deterministic, offline portraits: the same seed always draws the same stylised person.
// Pictures therefore work without any hot-linked URL and stay small (about 1 KB of SVG).

export type AvatarStyle = 'feminine' | 'masculine';

function hash(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length] as T;
}

const BACKGROUNDS = [
  ['#f3e7d3', '#d9b98c'],
  ['#e4ece6', '#9fb8a6'],
  ['#e8e4f0', '#a99cc4'],
  ['#f2e1dc', '#c99484'],
  ['#e0e9f0', '#8ea9c1'],
  ['#efe9d8', '#b9a877'],
] as const;
const SKIN = ['#f6d7c3', '#eac0a0', '#d9a27a', '#b97d56', '#8d5a3b', '#6b4029'] as const;
const HAIR = ['#1f1a17', '#3b2a20', '#6a4a31', '#a87945', '#d8b36a', '#7a2f24', '#9a9a9a'] as const;
const CLOTHES = ['#1d2b3a', '#3c2f2f', '#2f4b3f', '#5b3a4a', '#c7b299', '#394867', '#8a5a44'] as const;

export function avatarSvg(seed: string, style?: AvatarStyle): string {
  const h = hash(seed);
  const [bgFrom, bgTo] = pick(BACKGROUNDS, h);
  const skin = pick(SKIN, h >>> 3);
  const hair = pick(HAIR, h >>> 6);
  const cloth = pick(CLOTHES, h >>> 9);
  const look: AvatarStyle = style ?? ((h >>> 12) % 2 === 0 ? 'feminine' : 'masculine');
  const variant = (h >>> 14) % 3;

  const hairBack =
    look === 'feminine'
      ? pick(
          [
            `<path d="M58 92c0-34 18-52 42-52s42 18 42 52v58H58z" fill="${hair}"/>`,
            `<path d="M60 96c0-32 16-50 40-50s40 18 40 50c0 20 6 34 12 44H48c6-10 12-24 12-44z" fill="${hair}"/>`,
            `<circle cx="100" cy="44" r="16" fill="${hair}"/>`,
          ],
          variant,
        )
      : '';
  const hairTop =
    look === 'feminine'
      ? `<path d="M66 88c2-24 16-38 34-38s32 14 34 38c-10-12-24-18-34-18s-26 6-34 18z" fill="${hair}"/>`
      : pick(
          [
            `<path d="M68 84c0-22 14-34 32-34s32 12 32 34c-8-8-20-12-32-12s-24 4-32 12z" fill="${hair}"/>`,
            `<path d="M66 90c-2-26 12-42 34-42s36 14 34 40c-6-10-14-16-20-16-8 6-30 6-48 18z" fill="${hair}"/>`,
            `<path d="M70 78c4-16 16-24 30-24s26 8 30 24c-10-4-20-6-30-6s-20 2-30 6z" fill="${hair}"/>`,
          ],
          variant,
        );

  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bgFrom}"/><stop offset="1" stop-color="${bgTo}"/></linearGradient></defs>`,
    '<rect width="200" height="200" fill="url(#g)"/>',
    hairBack,
    `<path d="M40 200c4-40 30-62 60-62s56 22 60 62z" fill="${cloth}"/>`,
    `<rect x="88" y="118" width="24" height="26" rx="10" fill="${skin}"/>`,
    `<ellipse cx="100" cy="92" rx="32" ry="38" fill="${skin}"/>`,
    hairTop,
    '</svg>',
  ].join('');
}

/** The URL of a portrait as served by the API. */
export function avatarUrl(seed: string, style?: AvatarStyle): string {
  const slug = encodeURIComponent(seed.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  return style ? `/api/avatars/${slug}.svg?style=${style}` : `/api/avatars/${slug}.svg`;
}

/** A member's own portrait, drawn from their names (a guide's by gender): their picture until they upload one. */
export function memberAvatarUrl(p: {
  userId: string;
  firstName: string;
  lastName: string;
  gender?: string | null;
}): string {
  const style = p.gender === 'male' ? 'masculine' : p.gender === 'female' ? 'feminine' : undefined;
  return avatarUrl(`${p.firstName}-${p.lastName}-${p.userId.slice(0, 8)}`, style);
}
