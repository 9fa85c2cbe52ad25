// `npm start`: build what is missing or older than its sources, then run the one server.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return max;
}

function stale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  // The root package.json carries the version both apps show.
  if (statSync(path.join(root, 'package.json')).mtimeMs > built) return true;
  return sources.some((s) => newest(path.join(root, s)) > built);
}

const web = path.join(root, 'apps/web/dist/index.html');
const server = path.join(root, 'apps/server/dist/server.js');
if (stale(web, 'apps/web/src', 'apps/web/public', 'packages/shared/src')) {
  console.log('Building the web app…');
  // Always the production bundle: a NODE_ENV inherited from a test runner would make Vite ship React's
  // development build.
  execSync('npm run build -w apps/web', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
if (stale(server, 'apps/server/src', 'apps/server/seed', 'packages/shared/src')) {
  console.log('Building the server…');
  execSync('npm run build -w apps/server', { cwd: root, stdio: 'inherit' });
}

await import(server);
