import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export function createSystemRepository(db: Db) {
  return {
    /** True when the database answers a trivial query. */
    async ping(): Promise<boolean> {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
