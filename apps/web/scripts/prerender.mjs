// After `vite build`: keep the empty shell as app.html (served for every client-side route), write the
// prerendered landing page into index.html (served for /), list each screen's chunks in preloads.json (the
// server names them in the page for that path, decision 016) and each signed-in screen's skeleton in
// skeletons.json (decision 032), write the service worker with this build's files (decision 031), and
// precompress every text file (gzip, brotli).
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const marker = '<div id="root"></div>';
if (!shell.includes(marker)) throw new Error('dist/index.html has no empty #root to fill');
copyFileSync(path.join(dist, 'index.html'), path.join(dist, 'app.html'));
const { renderLanding, renderSkeletons, SCREENS } = await import(
  pathToFileURL(path.join(ssr, 'prerender.js')).href
);
writeFileSync(
  path.join(dist, 'index.html'),
  shell.replace(marker, `<div id="root">${renderLanding()}</div>`),
);
rmSync(ssr, { recursive: true, force: true });

// Each screen's chunks beyond what the entry already loads: its module and everything it imports statically.
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
function closure(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('the Vite manifest names no entry');
const loadedByEntry = closure(entry);
const preloads = {};
for (const { path: route, module } of SCREENS) {
  const key = `src/routes/${module}.tsx`;
  if (!manifest[key]) throw new Error(`the Vite manifest has no ${key}`);
  preloads[route] = [...closure(key)].filter((k) => !loadedByEntry.has(k)).map((k) => `/${manifest[k].file}`);
}
writeFileSync(path.join(dist, 'preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
// The landing page's own chunks, named in index.html: it is prerendered, and its code is not in the entry
// (signed-in screens do not carry it, decision 038), so the browser fetches it alongside the entry.
const landingChunks = [...closure('src/routes/landing.tsx')].filter((k) => !loadedByEntry.has(k));
if (!landingChunks.length) throw new Error('the Vite manifest has no src/routes/landing.tsx');
const landingHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
writeFileSync(
  path.join(dist, 'index.html'),
  landingHtml.replace(
    '</head>',
    `${landingChunks.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k].file}">`).join('')}</head>`,
  ),
);
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
writeFileSync(path.join(dist, 'skeletons.json'), `${JSON.stringify(renderSkeletons(), null, 1)}\n`);

// The service worker precaches every file of the app but the pages themselves (they carry personal data).
function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : [file];
  });
}
const precache = [
  ...files(path.join(dist, 'assets')),
  ...files(path.join(dist, 'icons')),
  ...['offline.html', 'manifest.webmanifest', 'favicon.svg'].map((f) => path.join(dist, f)),
]
  .map((file) => `/${path.relative(dist, file).split(path.sep).join('/')}`)
  .sort();
const hash = createHash('sha256');
for (const url of precache) hash.update(url).update(readFileSync(path.join(dist, url)));
// Build time first: the worker keeps the newest builds' caches, found by sorting their names.
const build = `${Date.now()}-${hash.digest('hex').slice(0, 12)}`;
const worker = readFileSync(path.join(web, 'scripts/service-worker.js'), 'utf8')
  .replace("'__BUILD__'", JSON.stringify(build))
  .replace('__PRECACHE__', JSON.stringify(precache));
writeFileSync(path.join(dist, 'sw.js'), worker);

function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|html|svg|txt|json)$/.test(name)) {
      const data = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}
precompress(dist);
