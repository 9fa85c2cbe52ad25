import type { Db } from '../../db/client.ts';
import { createSearchRepository } from './search-repository.ts';
import { createTopTouristsRepository } from './top-tourists-repository.ts';
import { createTouristListRepository } from './tourist-list-repository.ts';

/** What discovery reads: the guide search, the guide's tourist list and dashboard, and the top 3. */
export function createDiscoveryRepository(db: Db) {
  return {
    ...createSearchRepository(db),
    ...createTouristListRepository(db),
    ...createTopTouristsRepository(db),
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
