import { track } from '@quire/client-state';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../trpc';
import { useMutation } from './mutation';

/**
 * Spec §4 Popover flags: dismisses a flag for the signed-in viewer (recorded once on the server, and in the
 * cached viewer at once on success) and sends user.dismissedPopover (flag, action).
 */
export function useDismissFlag() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.viewer.dismissFlag.mutationOptions({
      onSuccess: (result) =>
        queryClient.setQueryData(trpc.viewer.me.queryKey(), (old) =>
          old ? { ...old, dismissableFlags: result.dismissableFlags } : old,
        ),
    }),
  );
  return useCallback(
    (flag: string, opts: { record: boolean } = { record: true }) => {
      track('user.dismissedPopover', { flag, action: 'DISMISSED' });
      if (opts.record) mutate({ flag, action: 'DISMISSED' });
    },
    [mutate],
  );
}
