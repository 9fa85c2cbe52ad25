// The message catalogs stay whole (decision 099), checked by `npm run lint`: every language has exactly English's
// ids, every message parses as ICU MessageFormat, uses the same arguments as English and gives plurals an
// `other` case, and every id is used somewhere in the code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@messageformat/parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'packages/shared/src/i18n/messages');
const catalogs = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(dir, f), 'utf8'))]),
);
const problems = [];
const english = catalogs.en;
if (!english) throw new Error(`${dir} has no en.json`);

/** The argument names of a message and whether each plural has `other`. */
function argumentsOf(tokens, into = new Set(), where = '') {
  for (const token of tokens) {
    if (token.arg) into.add(`${token.arg}:${token.type === 'argument' ? 'text' : token.type}`);
    if (token.cases) {
      if (
        ['plural', 'selectordinal', 'select'].includes(token.type) &&
        !token.cases.some((c) => c.key === 'other')
      )
        problems.push(`${where}: {${token.arg}, ${token.type}} has no "other" case`);
      for (const c of token.cases) argumentsOf(c.tokens, into, where);
    }
  }
  return into;
}
const args = (locale, id, text) => {
  try {
    return [...argumentsOf(parse(text), new Set(), `${locale}.json ${id}`)].sort().join(', ');
  } catch (err) {
    problems.push(`${locale}.json ${id}: ${err.message}`);
    return null;
  }
};

for (const [locale, catalog] of Object.entries(catalogs)) {
  for (const id of Object.keys(english)) if (!(id in catalog)) problems.push(`${locale}.json lacks ${id}`);
  for (const [id, text] of Object.entries(catalog)) {
    if (!(id in english)) {
      problems.push(`${locale}.json has ${id}, which English does not`);
      continue;
    }
    if (typeof text !== 'string' || !text.trim()) problems.push(`${locale}.json ${id} is empty`);
    const own = args(locale, id, text);
    const source = args('en', id, english[id]);
    if (locale !== 'en' && own !== null && source !== null && own !== source)
      problems.push(`${locale}.json ${id} uses {${own}}, English {${source}}`);
  }
}

// An id is used when the code names it in quotes; ids made from a code (`error.${code}`) are listed by prefix.
const DYNAMIC_PREFIXES = [];
const code = ['apps/web/src', 'apps/server/src', 'packages/shared/src']
  .flatMap(function sources(rel) {
    return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) return ['node_modules', 'messages'].includes(e.name) ? [] : sources(child);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [child] : [];
    });
  })
  .map((rel) => readFileSync(path.join(root, rel), 'utf8'))
  .join('\n');
for (const id of Object.keys(english)) {
  const named = code.includes(`'${id}'`) || code.includes(`"${id}"`);
  if (!named && !DYNAMIC_PREFIXES.some((p) => id.startsWith(p)))
    problems.push(`en.json ${id} is used nowhere`);
}

if (problems.length) {
  console.error(`Message catalogs:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `Message catalogs: ${Object.keys(catalogs).length} languages, ${Object.keys(english).length} messages each`,
);
