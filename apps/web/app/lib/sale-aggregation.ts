import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIVE_SALE_EVENT, SELL_DONE_EVENT } from '@store/shared/channels';
import { meKey } from './use-me.ts';
import { useUserChannel } from './use-user-channel.ts';

/** Spec §9: a sell-done event ends the aggregation 1000 ms after the last one. */
export const SELL_DONE_DEBOUNCE_MS = 1000;
/** A live sale whose sell-done never comes (a dropped socket) does not hold the balance for ever. */
const AGGREGATION_CAP_MS = 10_000;

/**
 * The waiting-for-sell flag (spec §4): a sale answered without a balance is settled by a later
 * sell-done event; until then pages may say the items are in the sale queue.
 */
let waitingForSell = false;
const listeners = new Set<() => void>();
function setWaiting(value: boolean) {
  if (waitingForSell === value) return;
  waitingForSell = value;
  for (const listener of listeners) listener();
}
export const markWaitingForSell = () => setWaiting(true);
export function useWaitingForSell(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    () => waitingForSell,
    () => false,
  );
}

/**
 * Sale aggregation of spec §4, for the header balance: a `live_sale` on the player's channel
 * starts it; a `sell_done`, debounced 1000 ms, ends it, reads the player and the inventory again
 * and clears the waiting-for-sell flag. Returns whether a sale is being aggregated.
 */
export function useSaleAggregation(userId: number | null): boolean {
  const client = useQueryClient();
  const [aggregating, setAggregating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const finishIn = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setAggregating(false);
      setWaiting(false);
      void client.invalidateQueries({ queryKey: meKey, exact: true });
      void client.invalidateQueries({ queryKey: ['inventory'] });
    }, ms);
  };
  useUserChannel(userId, LIVE_SALE_EVENT, () => {
    setAggregating(true);
    finishIn(AGGREGATION_CAP_MS);
  });
  useUserChannel(userId, SELL_DONE_EVENT, () => finishIn(SELL_DONE_DEBOUNCE_MS));
  useEffect(() => () => clearTimeout(timer.current), []);
  return aggregating;
}
