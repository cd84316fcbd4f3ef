import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { operatorLedgerResponse } from '@store/shared/api/operators';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

type LedgerResponse = z.infer<typeof operatorLedgerResponse>;
export type LedgerData = Camel<LedgerResponse>;
export const LEDGER_PER_PAGE = 20;
export const ledgerKey = (id: number) => ['operators', 'ledger', id] as const;

/** GET /api/v1/admin/players/:id/ledger: the player's ledger rows, newest first, with the running balance. */
export const getPlayerLedger = (call: ApiCaller, id: number, page: number) =>
  call<LedgerResponse>(`/api/v1/admin/players/${id}/ledger?page=${page}&per_page=${LEDGER_PER_PAGE}`);

/** One page of the ledger; the first comes with the page, the others as the operator turns them. */
export function usePlayerLedger(id: number, page: number, first: LedgerData) {
  const call = useApi();
  return useQuery({
    queryKey: [...ledgerKey(id), page],
    queryFn: () => getPlayerLedger(call, id, page),
    initialData: page === 1 ? first : undefined,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
