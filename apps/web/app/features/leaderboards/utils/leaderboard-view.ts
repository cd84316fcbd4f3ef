/**
 * What the leaderboards page shows, as pure functions of what the server answered: which board
 * is active, which ranking rows are on screen, and how a card's timer and prize fund read. No
 * React here, so the rules of spec §3 and §4 are tested on their own (apps/web/test).
 */
import { countdownParts, type TimerUnit } from '@store/shared/format/timer';
import { LEADERBOARD_COLLAPSED } from '@store/shared/constants';
import { secondsLeft } from '@store/shared/format/countdown';

/**
 * Spec §4 leaderboard loading: after a load the active board is kept if it is still listed,
 * otherwise the first one becomes active; with no boards (or none loaded) nothing is active, and
 * the ranking is cleared with it.
 */
export function activeBoardId(boards: readonly { id: number }[] | null | undefined, chosen: number | null): number | null {
  if (!boards?.length) return null;
  return chosen !== null && boards.some((b) => b.id === chosen) ? chosen : boards[0]!.id;
}

/**
 * The ranking of the active board, or none: with no active board the ranking is cleared, and an
 * answer read for another board (the one active a moment ago) is never shown under this one.
 */
export function rankingOf<R extends { leaderboardId: number }>(ranking: R | null | undefined, activeId: number | null): R | null {
  return activeId !== null && ranking && ranking.leaderboardId === activeId ? ranking : null;
}

interface Row {
  position: number;
  user: { id: number } | null;
}

export interface RankingRows<R> {
  /** The player's own row above the list, when it is not among the rows shown. */
  pinned: R | null;
  rows: R[];
  /** The position of the player's row inside `rows`, to highlight it; null when not there. */
  mine: number | null;
  /** Whether there are more prize places than the collapsed list shows (the expand button). */
  expandable: boolean;
}

/**
 * The rows of the ranking widget (spec §3): the first five prize places collapsed, all of them
 * expanded, and the current player always on screen: highlighted in the list when the list shows
 * their place, pinned on top otherwise.
 */
export function rankingRows<R extends Row>(leaders: readonly R[], me: R | null, expanded: boolean, collapsed = LEADERBOARD_COLLAPSED): RankingRows<R> {
  const rows = expanded ? [...leaders] : leaders.slice(0, collapsed);
  const myId = me?.user?.id;
  const at = myId === undefined ? -1 : rows.findIndex((r) => r.user?.id === myId);
  return {
    pinned: me?.user && at < 0 ? me : null,
    rows,
    mine: at < 0 ? null : rows[at]!.position,
    expandable: leaders.length > collapsed,
  };
}

export interface TimerView {
  ended: boolean;
  parts: Record<TimerUnit, number>;
}

/**
 * A card's timer at `now` (ms): the `endsIn` seconds the server gave, counted down from when its
 * answer arrived (`arrivedAt`), never below zero. The server's count, not the end date, so a phone
 * with a wrong clock (or a store whose clock an operator moved) still shows the true time left. A
 * board is over when that reaches zero, or as soon as the server says it is.
 */
export function timerView(endsIn: number, arrivedAt: number, status: string, now: number): TimerView {
  const left = secondsLeft(endsIn, arrivedAt, now);
  return { ended: status !== 'running' || left === 0, parts: countdownParts(left) };
}

/** A past board as the history shows it: its first entry for the head, its podium and the player's places. */
export interface HistoryBoard<E> {
  id: number;
  head: E;
  podium: E[];
  mine: E[];
}

/**
 * The history's entries (one per paid place, `id` the board) grouped by board in the order the
 * boards came; the player's own places join their board when it is shown.
 */
export function historyBoards<E extends { id: number }>(podium: readonly E[], mine: readonly E[]): HistoryBoard<E>[] {
  const boards = new Map<number, HistoryBoard<E>>();
  for (const entry of podium) {
    const board = boards.get(entry.id) ?? { id: entry.id, head: entry, podium: [], mine: [] };
    board.podium.push(entry);
    boards.set(entry.id, board);
  }
  for (const entry of mine) boards.get(entry.id)?.mine.push(entry);
  return [...boards.values()];
}
