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

/** The prefix of genericPlanName()'s names. */
export const GENERIC_PLAN_PREFIX = 'gp_';

/**
 * The name of a prepared statement to plan once per connection, generically (decision 073): on PostgreSQL it
 * runs on connections that never plan it again for its values. For statements whose plan cannot depend on them:
 * a walk down one index in its own order, a look-up by key. PostgreSQL otherwise plans anew on every execution
 * any statement whose generic plan it costs above a custom one (a `limit` it cannot see, a time range), which
 * cost more than executing the dashboard's statements. PGlite runs it as any other.
 */
export const genericPlanName = (name: string) => `${GENERIC_PLAN_PREFIX}${name}`;
