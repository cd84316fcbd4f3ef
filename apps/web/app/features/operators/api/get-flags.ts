import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { operatorFlagsResponse } from '@store/shared/api/operators';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type FlagsResponse = z.infer<typeof operatorFlagsResponse>;
export type FlagsData = Camel<FlagsResponse>;
export const flagsKey = ['operators', 'flags'] as const;

/** GET /api/v1/admin/flags: each flag's value and where it comes from, and the tech-work state. */
export const getFlags = (call: ApiCaller) => call<FlagsResponse>('/api/v1/admin/flags');

export function useFlags(initial: FlagsData) {
  const call = useApi();
  return useQuery({ queryKey: flagsKey, queryFn: () => getFlags(call), initialData: initial, staleTime: 5_000 });
}
