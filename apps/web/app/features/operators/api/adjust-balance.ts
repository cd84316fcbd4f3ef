import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BalanceAdjustmentBody, balanceAdjustmentResult } from '@store/shared/api/operators';
import { useApi } from '#app/lib/use-api.ts';
import { callOnce } from '#app/lib/use-idempotent-mutation.ts';
import { ledgerKey } from './get-player-ledger.ts';
import { playerKey } from './get-player.ts';

type AdjustmentResult = z.infer<typeof balanceAdjustmentResult>;

/**
 * POST /api/v1/admin/players/:id/balance: a signed amount with the operator's reason. The key is the
 * submitted form's (made once when the operator confirms it), so sending the same form again pays
 * once; a call that got no answer is retried with it. The wallet and the ledger are read again after.
 */
export function useAdjustBalance(id: number) {
  const call = useApi();
  const client = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ body, key }: { body: BalanceAdjustmentBody; key: string }) =>
      callOnce((idempotencyKey) => call<AdjustmentResult>(`/api/v1/admin/players/${id}/balance`, { body, idempotencyKey }), key),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: playerKey(id) }), client.invalidateQueries({ queryKey: ledgerKey(id) })]),
  });
}
