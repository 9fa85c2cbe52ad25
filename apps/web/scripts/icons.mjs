// Writes the installed app's PNG icons (manifest, Apple touch icon) from the same mark as favicon.svg.
// Run by hand after changing the mark: `node apps/web/scripts/icons.mjs`; the PNGs are committed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
// The L in gold on ink. `inset` leaves the safe zone a maskable icon needs (the OS may crop to a circle).
const mark = (size, { rounded, inset }) => {
  const pad = inset ? 0.2 : 0;
  const s = 64 * (1 - 2 * pad);
  const k = s / 64;
  const o = 64 * pad;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}">
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="#141b2d"/>
<path d="M${o + 22 * k} ${o + 16 * k}v${32 * k}h${20 * k}" fill="none" stroke="#d9a84e" stroke-width="${7 * k}" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`);
};
const icons = [
  ['icon-192.png', 192, { rounded: true, inset: false }],
  ['icon-512.png', 512, { rounded: true, inset: false }],
  ['maskable-512.png', 512, { rounded: false, inset: true }],
  ['apple-touch-icon.png', 180, { rounded: false, inset: false }],
];
for (const [name, size, opts] of icons) {
  await sharp(mark(size, opts)).png({ compressionLevel: 9 }).toFile(path.join(out, name));
}
console.log(`wrote ${icons.length} icons to ${out}`);
