import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SellAllBody, SellResponse } from '@store/shared/api/inventory';
import { MAX_SELL_OR_WITHDRAW_ITEMS } from '@store/shared/constants';
import type { ApiCaller, Camel } from '#app/lib/api.ts';
import { markWaitingForSell } from '#app/lib/sale-aggregation.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { callOnce, useIdempotentMutation } from '#app/lib/use-idempotent-mutation.ts';

export type SellResult = Camel<SellResponse>;

const sellMany = (call: ApiCaller, ids: number[], idempotencyKey: string) => call<SellResponse>('/api/v1/inventory/sell/many', { body: { ids }, idempotencyKey });

/**
 * A sale answered without a balance would be settled later by `sell_done` (spec §4 progress →
 * accepted; §8 the sale-queue messages). This store settles every sale in its answer, which always
 * carries the balance (decision 081), so the page never shows them against it; a server that
 * queued sales would get them.
 */
export const soldWithoutBalance = (res: SellResult) => typeof res.balance !== 'number';

function useAfterSale() {
  const client = useQueryClient();
  const setFinance = useSetFinance();
  return (res: SellResult) => {
    if (soldWithoutBalance(res)) markWaitingForSell();
    else setFinance({ balance: res.balance, totalAmountItems: res.totalAmountItems });
    void client.invalidateQueries({ queryKey: ['inventory'] });
  };
}

/**
 * POST /api/v1/inventory/sell/many (at most 10 ids) or /sell/all. "All" carries the count and
 * sum the player confirmed, and the server refuses a sale that would differ (an item that arrived
 * since is never sold unseen). The new balance goes straight into the header; the inventory pages
 * reload, after a refusal too, so the player sees what changed.
 */
export function useSellItems() {
  const call = useApi();
  const client = useQueryClient();
  const afterSale = useAfterSale();
  return useIdempotentMutation({
    mutationFn: (what: SellWhat, idempotencyKey) =>
      'all' in what
        ? call<SellResponse>('/api/v1/inventory/sell/all', { body: { expected_count: what.all.count, expected_total: what.all.total } satisfies SellAllBody, idempotencyKey })
        : sellMany(call, what.ids, idempotencyKey),
    onSuccess: afterSale,
    onError: () => void client.invalidateQueries({ queryKey: ['inventory'] }),
  });
}

/** Chosen items, or everything held as the player saw it (the count and the sum they confirmed). */
export type SellWhat = { ids: number[] } | { all: { count: number; total: number } };

/**
 * A selection of any size (a bundle's winnings): sold 10 at a time (the most one call takes), one after
 * another, each call with its own Idempotency-Key. A failing batch stops the rest; what was sold
 * before it stays sold and is counted.
 */
export function useSellInBatches() {
  const call = useApi();
  const afterSale = useAfterSale();
  return useMutation({
    mutationFn: async ({ ids, onBatch }: { ids: number[]; onBatch?: (soldSoFar: number) => void }) => {
      const sold: number[] = [];
      let last: SellResult | null = null;
      try {
        for (let at = 0; at < ids.length; at += MAX_SELL_OR_WITHDRAW_ITEMS) {
          const batch = ids.slice(at, at + MAX_SELL_OR_WITHDRAW_ITEMS);
          last = await callOnce((key) => sellMany(call, batch, key));
          sold.push(...last.sold);
          afterSale(last);
          onBatch?.(sold.length);
        }
      } catch (e) {
        if (!sold.length) throw e;
        return { sold, last, error: e instanceof Error ? e : new Error(String(e)) };
      }
      return { sold, last, error: null };
    },
  });
}
