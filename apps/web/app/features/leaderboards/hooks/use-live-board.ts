import { useCallback } from 'react';
import { TOP_CHANGED_EVENT, topChannel } from '@store/shared/channels';
import { useChannelEvents } from '#app/lib/use-channel.ts';
import { useThrottled } from './use-throttled.ts';

/** The live refresh of a board at most this often, however busy it is. */
export const LIVE_THROTTLE_MS = 1_000;

interface Refetchable {
  refetch: (opts: { cancelRefetch: boolean }) => unknown;
}

/**
 * Keeps a board's cards and ranking live: on a `top_changed` hint (the standings moved) both are
 * read again, at most once a second, and a read still under way is not started over (spec §4: no
 * load while one is in progress). Returns whether the board's channel is live.
 */
export function useLiveBoard(boardId: number | null, boards: Refetchable, ranking: Refetchable): boolean {
  const { refetch: refetchBoards } = boards;
  const { refetch: refetchRanking } = ranking;
  const refresh = useThrottled(
    useCallback(() => {
      void refetchBoards({ cancelRefetch: false });
      void refetchRanking({ cancelRefetch: false });
    }, [refetchBoards, refetchRanking]),
    LIVE_THROTTLE_MS,
  );
  return useChannelEvents(boardId === null ? null : topChannel(boardId), { [TOP_CHANGED_EVENT]: refresh });
}
