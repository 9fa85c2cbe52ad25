import { createAvatar } from '@dicebear/core';
import * as personas from '@dicebear/personas';
import type { AvatarStyle } from '@lokal/shared/domain/avatar';

// DiceBear's "Personas" by Draftbit (CC BY 4.0, credited in docs/credits.md; decision 090): drawn here, offline.
// One warm palette for every portrait so that cards look like one set, whatever the seed.
const BACKGROUNDS = ['f3e7d3', 'e4ece6', 'e8e4f0', 'f2e1dc', 'e0e9f0', 'efe9d8'];
const SKIN = ['f6d7c3', 'eac0a0', 'd9a27a', 'b97d56', '8d5a3b', '6b4029'];
const HAIR = ['1f1a17', '3b2a20', '6a4a31', 'a87945', 'd8b36a', '7a2f24'];
const CLOTHES = ['1d2b3a', '3c2f2f', '2f4b3f', '5b3a4a', 'c7b299', '394867', '8a5a44'];

type Hair = NonNullable<personas.Options['hair']>[number];
const HAIR_BY_STYLE: Record<AvatarStyle | 'neutral', Hair[]> = {
  feminine: ['long', 'bobCut', 'curly', 'curlyBun', 'bobBangs', 'straightBun', 'extraLong', 'pigtails'],
  masculine: ['shortCombover', 'buzzcut', 'fade', 'curlyHighTop', 'shortComboverChops'],
  neutral: ['curly', 'curlyHighTop', 'bunUndercut', 'fade'],
};

/** The portrait for `seed` as a small SVG document: the same seed and style always draw the same picture. */
export function avatarSvg(seed: string, style?: AvatarStyle): string {
  return createAvatar(personas, {
    seed,
    size: 200,
    backgroundColor: BACKGROUNDS,
    skinColor: SKIN,
    hairColor: HAIR,
    clothingColor: CLOTHES,
    hair: HAIR_BY_STYLE[style ?? 'neutral'],
    eyes: ['open', 'happy', 'glasses'],
    mouth: ['smile', 'bigSmile', 'smirk'],
    nose: ['smallRound', 'mediumRound'],
    facialHairProbability: style === 'masculine' ? 35 : 0,
  }).toString();
}
