import { createHash } from 'node:crypto';

/**
 * The name a parameterized statement is prepared under, the same for the same text on either engine (decisions
 * 044 and 064). The query builder's texts are a bounded set; past MAX_NAMED distinct texts, new ones have no
 * name and run unnamed, planned each time.
 */
const MAX_NAMED = 2000;
const names = new Map<string, string>();
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}
