import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BundleItem, dailyCasePayResponse, triggersResponse } from '@store/shared/api/payments';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useMe, useSetFinance } from '#app/lib/use-me.ts';
import { useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type InnerOfferData = Camel<z.infer<typeof triggersResponse>>[number];
/** An item a bought case dropped, with its case (the layout reveals it with that case's roulette). */
export type BoughtItem = Camel<BundleItem>;
const triggersKey = ['triggers'] as const;

/** GET /api/v1/triggers: the signed-in player's fired personal offers, newest first. */
export function useTriggers() {
  const call = useApi();
  const me = useMe();
  return useQuery({
    queryKey: [...triggersKey, me?.userId ?? 0],
    queryFn: () => call<z.infer<typeof triggersResponse>>('/api/v1/triggers'),
    enabled: !!me,
    staleTime: 30_000,
  });
}

/** POST /api/v1/triggers/dailycasepay {case_id}, or a dismissal: either way the trigger is done. */
export function useTriggerActions() {
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  const refresh = () => void client.invalidateQueries({ queryKey: triggersKey });
  const pay = useIdempotentMutation({
    mutationFn: (caseId: number, idempotencyKey) => call<z.infer<typeof dailyCasePayResponse>>('/api/v1/triggers/dailycasepay', { body: { case_id: caseId }, idempotencyKey }),
    onSuccess: (res) => {
      // The inventory waits for the bundle's reveal to end (BundleReveal), as any opening does.
      setFinance({ balance: res.balance });
      refresh();
    },
  });
  const close = useMutation({
    mutationFn: (triggerId: number) => call<unknown>(`/api/v1/triggers/${triggerId}/close`, { method: 'POST', body: {} }),
    onSettled: refresh,
  });
  return { pay, close };
}
