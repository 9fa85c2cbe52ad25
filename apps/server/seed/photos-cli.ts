// Crops the demo experiences' photos from the committed photographs in apps/server/seed/photo-sources/ into
// apps/server/seed/photos/ (committed; the seed copies them into the uploads folder): `npm run seed:photos`
// after changing a demo experience's title or category (decision 090).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOUR_TYPES } from '@lokal/shared/constants/tour-types';
import { tourTypeSlug } from '@lokal/shared/domain/tour-type-slug';
import { DEMO_GUIDES } from './demo-data.ts';
import { demoPhoto, demoPhotoSources } from './demo-photos.ts';
import { DEMO_PHOTOS_DIR, demoPhotoFiles } from './seed.ts';

mkdirSync(DEMO_PHOTOS_DIR, { recursive: true });
const wanted = new Set<string>();
let bytes = 0;
for (const guide of DEMO_GUIDES) {
  for (const experience of guide.experiences) {
    const files = demoPhotoFiles(guide.email, experience);
    const sources = demoPhotoSources(experience.category, `${guide.email}|${experience.title}`, files.length);
    await Promise.all(
      files.map(async (file, n) => {
        wanted.add(file);
        const image = await demoPhoto(sources[n]!, file);
        bytes += image.length;
        writeFileSync(path.join(DEMO_PHOTOS_DIR, file), image);
      }),
    );
  }
}
for (const file of readdirSync(DEMO_PHOTOS_DIR))
  if (!wanted.has(file) && file.endsWith('.webp')) rmSync(path.join(DEMO_PHOTOS_DIR, file));
console.log(`${wanted.size} photos, ${Math.round(bytes / 1024)} KB in ${DEMO_PHOTOS_DIR}`);

// The landing page's picture of each tour type: a photograph of its pool that no earlier tour type took, so
// the ten pictures differ.
const TOUR_DIR = path.join(import.meta.dirname, '../../web/public/tour-types');
mkdirSync(TOUR_DIR, { recursive: true });
const taken = new Set<string>();
for (const { name } of TOUR_TYPES) {
  const pool = demoPhotoSources(name, `landing:${name}`, 6);
  const source = pool.find((s) => !taken.has(s)) ?? pool[0]!;
  taken.add(source);
  writeFileSync(
    path.join(TOUR_DIR, `${tourTypeSlug(name)}.webp`),
    await demoPhoto(source, `landing:${name}`),
  );
}
console.log(`${TOUR_TYPES.length} tour-type pictures in ${TOUR_DIR}`);
