import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { techWorkState } from '@store/shared/api/operators';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { flagsKey, type FlagsData } from './get-flags.ts';

type TechWork = z.infer<typeof techWorkState>;

/** POST /api/v1/admin/techwork: the tech-work page on (the store offline for players) or off. */
export function useChangeTechWork() {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call<TechWork>('/api/v1/admin/techwork', { body: { on } }),
    onSuccess: (techwork: Camel<TechWork>) => client.setQueryData<FlagsData>(flagsKey, (old) => (old ? { ...old, techwork } : old)),
  });
}
