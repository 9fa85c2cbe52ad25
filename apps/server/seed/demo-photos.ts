import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';

// The demo experiences' photos: crops of a small set of real photographs shipped by Debian packages under
// licences that allow it (apps/server/seed/photo-sources/SOURCES.md, docs/credits.md, decision 090). Each
// experience takes 3–4 different photographs from its category's pool; each file is its own crop and mirror,
// so no two files are alike.

const WIDTH = 800;
const HEIGHT = 600;
const QUALITY = 50;

export const PHOTO_SOURCES_DIR = path.join(import.meta.dirname, 'photo-sources');

/** Per tour type, the photographs that fit it (each pool has at least four, the most an experience shows). */
const POOLS: Record<string, readonly string[]> = {
  'Scenic Drives': [
    'aitzgorri',
    'picos-de-europa',
    'sunset-ridge',
    'evening-glow-boats',
    'summer-1am',
    'dune',
  ],
  'Deep Conversations': ['wine', 'lamps', 'summer-1am', 'by-the-water', 'fallen-leaf'],
  'Pub Crawls': ['colorful-cups', 'wine', 'lamps', 'evening-glow-boats', 'pier'],
  'House Parties': ['colorful-cups', 'wine', 'lamps', 'brushes', 'yellow-flower'],
  'Large Events': ['colorful-cups', 'sunset-ridge', 'bridge', 'evening-glow-boats', 'lamps'],
  Shopping: ['brushes', 'clock', 'fig', 'colorful-cups', 'yellow-flower', 'lamps'],
  'Food & Dining': ['fig', 'wine', 'colorful-cups', 'yellow-flower', 'fallen-leaf'],
  'Art & Museums': ['brushes', 'elephants-painting', 'clock', 'grey-facade', 'lamps'],
  'Adventure Sports': ['stream', 'picos-de-europa', 'forest-path', 'bridge', 'aitzgorri', 'dune'],
  'Culture & History': ['grey-facade', 'bridge', 'pier', 'picos-de-europa', 'clock', 'elephants-painting'],
};
const ALL = [...new Set(Object.values(POOLS).flat())].sort();

function hash(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

/** The photographs of one experience (or landing picture), in order: `count` different ones from its pool. */
export function demoPhotoSources(category: string, key: string, count: number): string[] {
  const pool = POOLS[category] ?? ALL;
  const start = hash(key).readUInt32BE(0) % pool.length;
  return Array.from({ length: count }, (_, n) => pool[(start + n) % pool.length]!);
}

/** One photo: a crop (70–100 % of the source, anywhere in it), mirrored or not, as an 800×600 WebP. */
export async function demoPhoto(source: string, seed: string): Promise<Buffer> {
  const h = hash(seed);
  const image = sharp(path.join(PHOTO_SOURCES_DIR, `${source}.webp`));
  const { width = WIDTH, height = HEIGHT } = await image.metadata();
  const scale = 0.7 + (h[0]! / 255) * 0.3;
  const w = Math.round(width * scale);
  const ht = Math.round(w * (HEIGHT / WIDTH));
  const crop = { width: w, height: Math.min(ht, height) };
  const left = Math.round((width - crop.width) * (h[1]! / 255));
  const top = Math.round((height - crop.height) * (h[2]! / 255));
  return image
    .extract({ left, top, ...crop })
    .flop(h[3]! % 2 === 1)
    .resize(WIDTH, HEIGHT, { fit: 'cover' })
    .webp({ quality: QUALITY, effort: 5 })
    .toBuffer();
}
