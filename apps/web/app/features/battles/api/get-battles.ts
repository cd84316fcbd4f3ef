import { useState } from 'react';
import type { BattleStateChange, BattleSummary, BattlesResponse } from '@store/shared/api/battles';
import { BATTLE_STATE_EVENT, BATTLE_UPDATED_EVENT, BATTLES_LIST_CHANNEL } from '@store/shared/channels';
import { camelize, type ApiCaller, type Camel } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useChannelEvents } from '#app/lib/use-channel.ts';

export type BattleSummaryData = Camel<BattleSummary>;
export type BattlesPage = Camel<BattlesResponse>;

export type BattleSort = 'date' | 'price';
/** 0 up (oldest or cheapest first), 1 down (spec §3). */
export type BattleDirection = 0 | 1;
export interface BattleOrder {
  sort: BattleSort;
  direction: BattleDirection;
}

export const BATTLES_PER_PAGE = 12;

/** GET /api/battles: the open battles (created and started), in the order asked for. */
export const getBattles = (call: ApiCaller, order: BattleOrder, page = 1) =>
  call<BattlesResponse>(
    `/api/battles?sort=${order.sort}&direction=${order.direction}&statuses=created,started&page=${page}&per_page=${BATTLES_PER_PAGE}`,
  );

/** Reads the order from a page's query string, with the list's defaults (newest first). */
export function orderFromSearch(search: URLSearchParams): BattleOrder {
  return { sort: search.get('sort') === 'price' ? 'price' : 'date', direction: search.get('direction') === '0' ? 0 : 1 };
}

const isOpen = (b: BattleSummaryData) => b.status === 'created' || b.status === 'started';

function compare(order: BattleOrder) {
  const sign = order.direction === 0 ? 1 : -1;
  return (a: BattleSummaryData, b: BattleSummaryData) =>
    sign * (order.sort === 'price' ? a.price - b.price || a.createdAt.localeCompare(b.createdAt) : a.createdAt.localeCompare(b.createdAt));
}

/**
 * Puts a battle's new summary into the loaded list: replaced where it is, dropped once it is
 * over, and a new one placed by the list's order (only inside the loaded range, unless the list
 * is complete, so "load more" never repeats or skips one).
 */
export function mergeSummary(list: BattleSummaryData[], next: BattleSummaryData, order: BattleOrder, complete: boolean): BattleSummaryData[] {
  const at = list.findIndex((b) => b.ulid === next.ulid);
  if (!isOpen(next)) return at < 0 ? list : list.filter((b) => b.ulid !== next.ulid);
  // A battle's cases never change, and the loaded ones are in the page's language (events carry Russian).
  if (at >= 0) return list.map((b, i) => (i === at ? { ...next, cases: b.cases } : b));
  const cmp = compare(order);
  const pos = list.findIndex((b) => cmp(next, b) < 0);
  if (pos < 0) return complete ? [...list, next] : list;
  return [...list.slice(0, pos), next, ...list.slice(pos)];
}

/**
 * The battles list: the server's first page, more pages on demand, and every change of a battle
 * (seats, status, rounds) from the `battles_active` channel as it happens.
 */
export function useBattleList(initial: BattlesPage, order: BattleOrder) {
  const call = useApi();
  const [state, setState] = useState({ battles: initial.battles, hasNext: initial.hasNext, page: 1 });
  const [loading, setLoading] = useState(false);
  const live = useChannelEvents(BATTLES_LIST_CHANNEL, {
    [BATTLE_UPDATED_EVENT]: (data: BattleSummary) =>
      setState((s) => ({ ...s, battles: mergeSummary(s.battles, camelize(data), order, !s.hasNext) })),
    [BATTLE_STATE_EVENT]: (data: BattleStateChange) =>
      setState((s) => ({
        ...s,
        battles: s.battles.map((b) => (b.ulid === data.battle_ulid ? { ...b, status: data.status, currentRound: data.round.round } : b)),
      })),
  });
  const loadMore = async () => {
    setLoading(true);
    try {
      const next = await getBattles(call, order, state.page + 1);
      setState((s) => ({
        battles: [...s.battles, ...next.battles.filter((b) => !s.battles.some((x) => x.ulid === b.ulid))],
        hasNext: next.hasNext,
        page: s.page + 1,
      }));
    } finally {
      setLoading(false);
    }
  };
  return { ...state, live, loading, loadMore };
}
