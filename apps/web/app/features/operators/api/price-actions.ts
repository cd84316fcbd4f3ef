import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { priceRunResult, publishProposalResult, takeOffSaleResult } from '@store/shared/api/operator-prices';
import { useApi } from '#app/lib/use-api.ts';

/** POST /api/v1/admin/prices/run: the price job now; the page reads itself again after. */
export function useRunPrices() {
  const call = useApi();
  return useMutation({ mutationFn: () => call<z.infer<typeof priceRunResult>>('/api/v1/admin/prices/run', { body: {} }) });
}

/**
 * POST /api/v1/admin/prices/cases/:id/publish with the odds version the proposal was made on (a
 * case changed since is refused, never overwritten), or .../off-sale: the case locked.
 */
export function useCaseBandAction() {
  const call = useApi();
  return useMutation({
    mutationFn: (a: { caseId: number; action: 'publish'; oddsId: number } | { caseId: number; action: 'off-sale' }): Promise<{ caseId: number; auditId: number }> =>
      a.action === 'publish'
        ? call<z.infer<typeof publishProposalResult>>(`/api/v1/admin/prices/cases/${a.caseId}/publish`, { body: { odds_id: a.oddsId } })
        : call<z.infer<typeof takeOffSaleResult>>(`/api/v1/admin/prices/cases/${a.caseId}/off-sale`, { body: {} }),
  });
}
