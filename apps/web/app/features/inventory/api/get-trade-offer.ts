import { useQuery } from '@tanstack/react-query';
import type { TradeIdResult } from '@store/shared/api/withdrawals';
import type { Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';

export type TradeOfferData = Camel<TradeIdResult>;

export const tradeOfferKey = (itemId: number) => ['trade-offer', itemId] as const;

/**
 * GET /api/v1/inventory/{id}/trade_id: the seller's trade offer for an item being withdrawn. A
 * live notice writes the same answer into the cache, so it is asked only on a fresh page.
 */
export function useTradeOffer(itemId: number, enabled: boolean) {
  const call = useApi();
  return useQuery({
    queryKey: tradeOfferKey(itemId),
    queryFn: () => call<TradeIdResult>(`/api/v1/inventory/${itemId}/trade_id`),
    enabled,
    staleTime: 60_000,
  });
}

/** The page where the player accepts the offer in Steam. */
export const tradeOfferUrl = (tradeId: string) => `https://steamcommunity.com/tradeoffer/${encodeURIComponent(tradeId)}/`;
