// Draws the demo experiences' photos into apps/server/seed/photos/ (committed; the seed copies them into the
// uploads folder): `npm run seed:photos` after changing a demo experience's title or category.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
