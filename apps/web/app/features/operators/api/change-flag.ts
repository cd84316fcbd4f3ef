import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { flagChangeBody } from '@store/shared/api/operators';
import { useApi } from '#app/lib/use-api.ts';
import { flagsKey, type FlagsResponse } from './get-flags.ts';

type FlagChange = z.infer<typeof flagChangeBody>;

/** POST /api/v1/admin/flags: a flag on or off for everyone at once, or back to the configured value. */
export function useChangeFlag() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: FlagChange) => call<FlagsResponse>('/api/v1/admin/flags', { body: change }),
    onSuccess: (flags) => client.setQueryData(flagsKey, flags),
  });
}
