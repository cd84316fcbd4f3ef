import type { WithdrawalAction, WithdrawalActionResult } from '@store/shared/api/operator-queue';
import { useApi } from '#app/lib/use-api.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

/**
 * POST /api/v1/admin/withdrawals/:id/retry | refund | delivered, with the operator's reason. One
 * Idempotency-Key per confirmed action, kept while a call that got no answer is sent again, so a
 * refund returns the item once.
 */
export function useWithdrawalAction() {
  const call = useApi();
  return useIdempotentMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: WithdrawalAction; reason: string }, idempotencyKey: string) =>
      call<WithdrawalActionResult>(`/api/v1/admin/withdrawals/${id}/${action}`, { body: { reason }, idempotencyKey }),
  });
}
