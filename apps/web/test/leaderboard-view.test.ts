import { describe, expect, it } from 'vitest';
import { activeBoardId, prizeTotal, rankingOf, rankingRows, timerView } from '#app/features/leaderboards/utils/leaderboard-view.ts';

const boards = [{ id: 4 }, { id: 9 }, { id: 2 }];

describe('the active board (spec §4 leaderboard loading)', () => {
  it('keeps the active board while it is still listed', () => {
    expect(activeBoardId(boards, 9)).toBe(9);
    expect(activeBoardId(boards, 2)).toBe(2);
  });
  it('makes the first board active when the active one is gone or none was chosen', () => {
    expect(activeBoardId(boards, 5)).toBe(4);
    expect(activeBoardId(boards, null)).toBe(4);
  });
  it('has no active board, and so no ranking, when there is no board', () => {
    expect(activeBoardId([], 9)).toBeNull();
    expect(activeBoardId(null, 9)).toBeNull();
    expect(activeBoardId(undefined, null)).toBeNull();
    expect(rankingOf({ leaderboardId: 9 }, null)).toBeNull();
  });
  it("never shows another board's ranking under the active one", () => {
    expect(rankingOf({ leaderboardId: 9 }, 9)).toEqual({ leaderboardId: 9 });
    expect(rankingOf({ leaderboardId: 9 }, 4)).toBeNull();
    expect(rankingOf(undefined, 4)).toBeNull();
  });
});

const row = (position: number, userId: number | null) => ({ position, user: userId === null ? null : { id: userId } });
/** Eight prize places: players 101..106 hold 1-6, 7 and 8 are free. */
const leaders = [1, 2, 3, 4, 5, 6, 7, 8].map((p) => row(p, p <= 6 ? 100 + p : null));

describe('the rows of the ranking (spec §3)', () => {
  it('shows five places collapsed and every place expanded, with the button only when there are more', () => {
    expect(rankingRows(leaders, null, false).rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
    expect(rankingRows(leaders, null, true).rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(rankingRows(leaders, null, false).expandable).toBe(true);
    expect(rankingRows(leaders.slice(0, 5), null, false).expandable).toBe(false);
    expect(rankingRows(leaders.slice(0, 6), null, false).expandable).toBe(true);
  });
  it('highlights the player in the list when the list shows their place, and pins nothing', () => {
    const me = row(3, 103);
    expect(rankingRows(leaders, me, false)).toMatchObject({ pinned: null, mine: 3 });
  });
  it('pins the player on top when their place is below the prizes', () => {
    const me = row(42, 999);
    const view = rankingRows(leaders, me, true);
    expect(view.pinned).toBe(me);
    expect(view.mine).toBeNull();
  });
  it('pins a prize place the collapsed list hides, and highlights it in place once expanded', () => {
    const me = row(6, 106);
    expect(rankingRows(leaders, me, false)).toMatchObject({ pinned: me, mine: null });
    expect(rankingRows(leaders, me, true)).toMatchObject({ pinned: null, mine: 6 });
  });
  it('pins nothing for a guest or a row without a player', () => {
    expect(rankingRows(leaders, null, false).pinned).toBeNull();
    expect(rankingRows(leaders, row(7, null), false).pinned).toBeNull();
  });
  it('does not take a free place for the player', () => {
    // A guest-like "me" without a user never matches a free place's null user.
    expect(rankingRows(leaders, row(8, null), true).mine).toBeNull();
  });
});

describe("a card's timer", () => {
  const end = '2025-03-10T00:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it('counts the days, hours, minutes and seconds left', () => {
    expect(timerView(end, 'running', at('2025-03-08T22:58:57.000Z'))).toEqual({ ended: false, parts: { day: 1, hour: 1, minute: 1, second: 3 } });
  });
  it('counts a started second as left, and ends exactly at the end', () => {
    expect(timerView(end, 'running', at('2025-03-09T23:59:59.500Z'))).toEqual({ ended: false, parts: { day: 0, hour: 0, minute: 0, second: 1 } });
    expect(timerView(end, 'running', at(end)).ended).toBe(true);
  });
  it('never goes below zero', () => {
    expect(timerView(end, 'running', at('2025-03-12T00:00:00.000Z'))).toEqual({ ended: true, parts: { day: 0, hour: 0, minute: 0, second: 0 } });
  });
  it('is over as soon as the server closes the board, whatever this clock says', () => {
    expect(timerView(end, 'closing', at('2025-03-01T00:00:00.000Z')).ended).toBe(true);
    expect(timerView(end, 'closed', at('2025-03-01T00:00:00.000Z')).ended).toBe(true);
  });
  it('reads a broken end date as over', () => {
    expect(timerView('soon', 'running', 0).ended).toBe(true);
  });
});

describe('a prize fund', () => {
  it('prints whole units, split by spaces past 9999', () => {
    expect(prizeTotal(9999)).toBe('9999');
    expect(prizeTotal(10000)).toBe('10 000');
    expect(prizeTotal(1234567.89)).toBe('1 234 567');
    expect(prizeTotal(-5)).toBe('0');
  });
});
