import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { techiesHistory } from '@store/shared/api/techies';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type TechiesHistory = z.infer<typeof techiesHistory>;
export type TechiesHistoryData = Camel<TechiesHistory>;

export const techiesHistoryKey = ['techies-history'] as const;

/** GET /api/v1/techies/history?page=: the player's finished games, newest first. */
export const getTechiesHistory = (call: ApiCaller, page = 1) => call<TechiesHistory>(`/api/v1/techies/history?page=${page}`);

/** The history page by page; the first page comes from the server render. */
export function useTechiesHistory(page: number, initial: TechiesHistoryData | null) {
  const call = useApi();
  return useQuery({
    queryKey: [...techiesHistoryKey, page],
    queryFn: () => getTechiesHistory(call, page),
    initialData: page === 1 && initial ? initial : undefined,
    placeholderData: keepPreviousData,
    enabled: initial !== null,
  });
}
