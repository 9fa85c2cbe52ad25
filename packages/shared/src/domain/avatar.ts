// Where a member has no photo, the API draws an illustrated portrait (docs/decisions/090-faces-and-places.md):
// the same seed always draws the same person, served offline, and its look follows the name where the name tells it.

export type AvatarStyle = 'feminine' | 'masculine';

// First names the demo and most members carry, by the look they usually go with. Unknown names get a neutral look.
const FEMININE = new Set(
  (
    'sofia amelie aisha madison olivia harper imogen harriet poppy mariam noura layla anna selina noemi larissa ' +
    'camila bianca wei-ling hui-min jia-yi ines beatriz mariana nuria laia montse camille margaux solene lena ' +
    'johanna frieda aoi mei sakura ximena regina fernanda giulia francesca martina seo-yeon ha-eun ji-a maria ' +
    'emma ava mia isabella charlotte amelia emily elena lucia laura sara sarah julia clara alice chloe zoe hannah ' +
    'grace lily ella sophie marie anne jessica jennifer linda susan karen nina eva ana paula carmen isabel yuki ' +
    'hana fatima leila priya ananya elif valentina natalia olga irina katarina ingrid astrid freya maya'
  ).split(' '),
);
const MASCULINE = new Set(
  (
    'kenji james lucas ethan caleb wyatt oliver alfie rupert omar khalid saeed luca nico jan gabriel rafael thiago ' +
    'jun-jie wei-ming zhi-hao tiago duarte rui jordi pau oriol theo bastien mathis jonas moritz leon haruto sota ' +
    'ren emiliano santiago rodrigo lorenzo matteo tommaso do-hyun joon-ho min-jae marco liam noah william henry ' +
    'jack daniel david michael john thomas peter paul mark george samuel benjamin alexander max felix hugo pierre ' +
    'louis carlos diego javier miguel pedro juan antonio ahmed ali hassan raj arjun hiroshi takeshi ivan dmitri ' +
    'sven lars erik mateo leo adam'
  ).split(' '),
);

/** Folds a first name to lower-case ASCII words joined by dashes: "Amélie" → "amelie", "Wei Ling" → "wei-ling". */
function fold(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The look a first name usually goes with, or undefined (a neutral look) when the name does not tell. */
export function styleForName(firstName: string): AvatarStyle | undefined {
  const name = fold(firstName);
  if (FEMININE.has(name)) return 'feminine';
  if (MASCULINE.has(name)) return 'masculine';
  return undefined;
}

/** The URL of a portrait as served by the API. */
export function avatarUrl(seed: string, style?: AvatarStyle): string {
  const slug = encodeURIComponent(seed.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  return style ? `/api/avatars/${slug}.svg?style=${style}` : `/api/avatars/${slug}.svg`;
}

/**
 * A member's own portrait, drawn from their names: their picture until they upload one. A stated gender
 * decides the look; otherwise the first name does, and a name that does not tell gets a neutral one.
 */
export function memberAvatarUrl(p: {
  userId: string;
  firstName: string;
  lastName: string;
  gender?: string | null;
}): string {
  const style =
    p.gender === 'male' ? 'masculine' : p.gender === 'female' ? 'feminine' : styleForName(p.firstName);
  return avatarUrl(`${p.firstName}-${p.lastName}-${p.userId.slice(0, 8)}`, style);
}
