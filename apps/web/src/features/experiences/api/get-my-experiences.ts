import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every experience query hangs under this key: a change to one refreshes the guide's list and its editor. */
export const experiencesKey = ['experiences'] as const;

/** The signed-in guide's experiences, drafts included (docs/product.md#experiences). */
export const myExperiencesQuery = queryOptions({
  queryKey: [...experiencesKey, 'mine'],
  queryFn: async () => (await api.get('/experiences/mine')).experiences,
});
