// Draws the demo experiences' photos into apps/server/seed/photos/ (committed; the seed copies them into the
// uploads folder): `npm run seed:photos` after changing a demo experience's title or category.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOUR_TYPES } from '@lokal/shared/constants/tour-types';
import { tourTypeSlug } from '@lokal/shared/domain/tour-type-slug';
import { DEMO_GUIDES } from './demo-data.ts';
import { demoPhoto } from './demo-photos.ts';
import { DEMO_PHOTOS_DIR, demoPhotoFiles } from './seed.ts';

mkdirSync(DEMO_PHOTOS_DIR, { recursive: true });
const wanted = new Set<string>();
let bytes = 0;
for (const guide of DEMO_GUIDES) {
  for (const experience of guide.experiences) {
    const files = demoPhotoFiles(guide.email, experience);
    await Promise.all(
      files.map(async (file, n) => {
        wanted.add(file);
        const image = await demoPhoto(experience.category, file, n);
        bytes += image.length;
        writeFileSync(path.join(DEMO_PHOTOS_DIR, file), image);
      }),
    );
  }
}
for (const file of readdirSync(DEMO_PHOTOS_DIR))
  if (!wanted.has(file)) rmSync(path.join(DEMO_PHOTOS_DIR, file));
console.log(`${wanted.size} photos, ${Math.round(bytes / 1024)} KB in ${DEMO_PHOTOS_DIR}`);

// The landing page's picture of each tour type, in the demo photos' style (docs/product.md#demo-data).
// Night scenes are the first of several types: these take their second, so neighbours differ.
const SECOND_SCENE = new Set(['Deep Conversations', 'Pub Crawls', 'Large Events']);
const TOUR_DIR = path.join(import.meta.dirname, '../../web/public/tour-types');
mkdirSync(TOUR_DIR, { recursive: true });
for (const { name } of TOUR_TYPES) {
  writeFileSync(
    path.join(TOUR_DIR, `${tourTypeSlug(name)}.webp`),
    await demoPhoto(name, `landing:${name}`, SECOND_SCENE.has(name) ? 1 : 0),
  );
}
console.log(`${TOUR_TYPES.length} tour-type pictures in ${TOUR_DIR}`);
