// The code's shape, checked by `npm run lint` (decision 018): imports flow one way with no cycle; in the server,
// plugins/ and db/ import no module, no source file outgrows its room, and no library is patched.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
const roots = ['apps/server/src', 'apps/web/src', 'packages/shared/src'].map((r) => path.join(root, r));
const MAX_LINES = 450;

function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = roots.flatMap(sources);
const rel = (file) => path.relative(root, file);
const problems = [];
const graph = new Map();

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)]
    .map((m) => path.resolve(path.dirname(file), m[1]))
    .filter((target) => roots.some((r) => target.startsWith(r)));
  graph.set(file, imports);
  if (!file.startsWith(src)) continue;

  const lines = text.split('\n').length;
  if (lines > MAX_LINES)
    problems.push(`${rel(file)}: ${lines} lines (at most ${MAX_LINES}): split it by concern`);

  const layer = path.relative(src, file).split(path.sep)[0];
  if (layer === 'plugins' || layer === 'db') {
    for (const target of imports) {
      if (path.relative(src, target).startsWith(`modules${path.sep}`))
        problems.push(`${rel(file)} imports ${rel(target)}: ${layer}/ imports no module`);
    }
  }

  const patched = [
    [/\.prototype\.\w+\s*=[^=]/, 'assigns to a prototype'],
    [/new Function\(/, 'generates code with new Function'],
    [/Object\.getPrototypeOf\([A-Z]\w*\)/, "reaches a library's unexported base class"],
    [/skipChecks/, "uses zod's internal skipChecks"],
    [/request\.auth!/, 'asserts request.auth: declare the route’s access rule instead'],
  ];
  for (const [pattern, what] of patched) if (pattern.test(text)) problems.push(`${rel(file)} ${what}`);
}

// Import cycles: a depth-first walk that reports each back edge once.
const state = new Map();
function walk(file, trail) {
  state.set(file, 'open');
  for (const target of graph.get(file) ?? []) {
    if (state.get(target) === 'open') {
      const cycle = [...trail.slice(trail.indexOf(target)), target].map(rel);
      problems.push(`import cycle: ${cycle.join(' → ')}`);
    } else if (!state.has(target)) walk(target, [...trail, target]);
  }
  state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) walk(file, [file]);

if (problems.length > 0) {
  console.error(`The code's shape (scripts/check-layers.mjs):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
