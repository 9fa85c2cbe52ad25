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

/** The texts of the statements planOnce() prepared. */
const planOnceTexts = new Set<string>();

/**
 * Prepares a statement to be planned once, generically, on either engine (decision 073), for a statement whose
 * plan cannot depend on its values: a walk down one index in its own order, a look-up by key. PostgreSQL
 * otherwise plans anew on every execution any statement whose generic plan it costs above a custom one (a
 * `limit` it cannot see, a time range), which cost more than executing the dashboard's statements. A filter
 * whose selectivity lies in its values, or a bound constant that a partial index's predicate names, has no
 * place in such a statement: its one plan would be wrong for some values.
 */
export function planOnce<P>(query: { toSQL(): { sql: string }; prepare(name: string): P }, name: string): P {
  planOnceTexts.add(query.toSQL().sql);
  return query.prepare(name);
}

/** Whether planOnce() prepared this text. */
export const plansOnce = (text: string) => planOnceTexts.has(text);
