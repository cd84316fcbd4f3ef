import { useQuery } from '@tanstack/react-query';
import type { FreeCasesResponse } from '@store/shared/api/levels';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe } from '#app/lib/use-me.ts';

export type FreeCasesData = Camel<FreeCasesResponse>;
export const freeCasesKey = ['free-cases'] as const;

/** GET /api/v1/cases/free: the free openings the player holds, and how close each every-N-th-free case is. */
export function useFreeCases() {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: [...freeCasesKey, me?.userId ?? 0],
    queryFn: () => call<FreeCasesResponse>('/api/v1/cases/free'),
    enabled: !!me,
    gcTime: 0,
  });
}
