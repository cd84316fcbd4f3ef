import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { oddsChangeBody, oddsChangeResult } from '@store/shared/api/operator-cases';
import { useApi } from '#app/lib/use-api.ts';
import { caseKey } from './case-detail.ts';

type OddsChange = z.infer<typeof oddsChangeBody>;
type OddsChangeResult = z.infer<typeof oddsChangeResult>;

/**
 * POST /api/v1/admin/cases/:id/odds: a new odds version (a return to player outside the guard needs
 * `confirm_rtp`); the case is read again for its new table and versions.
 */
export function useChangeOdds(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OddsChange) => call<OddsChangeResult>(`/api/v1/admin/cases/${id}/odds`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: caseKey(id) }),
  });
}
