import type { Settings, SettingsUpdate } from '@lokal/shared/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { settingsQuery } from './get-settings.ts';

export const updateSettings = (patch: SettingsUpdate) => api.patch('/users/settings', { body: patch });

const mutationKey = ['settings', 'update'];

/**
 * Saves a partial change. Optimistic for switches: the screen shows the new value at once and, if the
 * server refuses, puts back only the fields of that change (a later toggle that succeeded stays) and
 * says why in a toast. An answer is applied only when no other change is in flight, so a quick
 * second toggle is not flipped back by the first one's reply.
 */
export function useUpdateSettings({ optimistic }: { optimistic: boolean }) {
  const queryClient = useQueryClient();
  const key = settingsQuery.queryKey;
  return useMutation({
    mutationKey,
    mutationFn: updateSettings,
    onMutate: async (patch) => {
      if (!optimistic) return { before: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (old) => (old ? ({ ...old, ...patch } as Settings) : old));
      return { before };
    },
    onError: (err, patch, context) => {
      const before = context?.before;
      if (before) {
        const undo = Object.fromEntries(
          Object.keys(patch).map((k) => [k, before[k as keyof Settings]]),
        ) as Partial<Settings>;
        queryClient.setQueryData(key, (old) => (old ? ({ ...old, ...undo } as Settings) : old));
        toast.error(err.message);
      }
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, saved);
    },
  });
}
