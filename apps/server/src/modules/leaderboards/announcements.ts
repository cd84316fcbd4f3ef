import { TOP_CHANGED_EVENT, TOP_REWARD_EVENT, topChannel, userChannel } from '@store/shared/channels';
import type { Executor } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { languagesOf } from '../users/accounts.ts';
import { findBoard } from './boards.ts';
import type { LeaderboardCloser } from './close-boards.ts';
import { presentReward } from './results.ts';
import type { StandingsCache } from './standings-cache.ts';

/** A board's "standings moved" hint goes out at most this often, however busy the board. */
const CHANGED_EVERY_MS = 1_000;

/**
 * Publishes `top_changed` for boards whose standings moved, at most once a second per board: the
 * page reads the ranking again on the hint, so a busy board costs its watchers one read a second.
 */
export function changeAnnouncer(publish: (boardId: number) => void) {
  const last = new Map<number, number>();
  const pending = new Map<number, NodeJS.Timeout>();
  return {
    changed(boardIds: readonly number[]) {
      const now = Date.now();
      for (const id of boardIds) {
        if (pending.has(id)) continue;
        const wait = (last.get(id) ?? 0) + CHANGED_EVERY_MS - now;
        if (wait <= 0) {
          last.set(id, now);
          publish(id);
          continue;
        }
        const timer = setTimeout(() => {
          pending.delete(id);
          last.set(id, Date.now());
          publish(id);
        }, wait);
        timer.unref();
        pending.set(id, timer);
      }
    },
    close() {
      for (const t of pending.values()) clearTimeout(t);
      pending.clear();
    },
  };
}

/** What the close job tells players: the board's watchers that it closed, each winner of the prize. */
export function closerAnnouncements(deps: { db: Executor; bus: Bus; catalogue: Catalogue; standings: StandingsCache }): Pick<
  ConstructorParameters<typeof LeaderboardCloser>[0],
  'onClosed' | 'onPaid'
> {
  return {
    onClosed: (boardId) => {
      deps.standings.invalidate(boardId);
      deps.bus.publish(topChannel(boardId), TOP_CHANGED_EVENT, { id: boardId });
    },
    onPaid: async (prize) => {
      const [board, langs] = await Promise.all([findBoard(deps.db, prize.leaderboardId), languagesOf(deps.db, [prize.userId])]);
      if (board) deps.bus.publish(userChannel(prize.userId), TOP_REWARD_EVENT, presentReward(deps.catalogue, prize, board, langs.get(prize.userId) ?? 'ru'));
    },
  };
}
