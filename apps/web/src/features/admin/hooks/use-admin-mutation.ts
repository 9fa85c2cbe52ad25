import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every staff action changes the console's lists, badges and audit log: all of them are asked again. */
export function useAdminMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
