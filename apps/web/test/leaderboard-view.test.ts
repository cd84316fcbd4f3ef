import { describe, expect, it } from 'vitest';
import { formatPrizeTotal as prizeTotal } from '@store/shared/money';
import { activeBoardId, historyBoards, rankingOf, rankingRows, timerView } from '#app/features/leaderboards/utils/leaderboard-view.ts';

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
  // The server said 1 day 1 h 1 min 3 s were left when its answer arrived at t0.
  const t0 = 1_700_000_000_000;
  const endsIn = 86_400 + 3_600 + 60 + 3;
  it('counts the days, hours, minutes and seconds left from when the answer arrived', () => {
    expect(timerView(endsIn, t0, 'running', t0)).toEqual({ ended: false, parts: { day: 1, hour: 1, minute: 1, second: 3 } });
    expect(timerView(endsIn, t0, 'running', t0 + 3_000)).toEqual({ ended: false, parts: { day: 1, hour: 1, minute: 1, second: 0 } });
  });
  it('ends exactly when the seconds the server gave have passed', () => {
    expect(timerView(endsIn, t0, 'running', t0 + (endsIn - 1) * 1000)).toEqual({ ended: false, parts: { day: 0, hour: 0, minute: 0, second: 1 } });
    expect(timerView(endsIn, t0, 'running', t0 + endsIn * 1000).ended).toBe(true);
  });
  it('never goes below zero', () => {
    expect(timerView(endsIn, t0, 'running', t0 + 10 * 86_400_000)).toEqual({ ended: true, parts: { day: 0, hour: 0, minute: 0, second: 0 } });
  });
  it('is over as soon as the server closes the board, whatever this clock says', () => {
    expect(timerView(endsIn, t0, 'closing', t0).ended).toBe(true);
    expect(timerView(endsIn, t0, 'closed', t0).ended).toBe(true);
  });
  it('reads a missing or broken count as over', () => {
    expect(timerView(Number.NaN, t0, 'running', t0).ended).toBe(true);
    expect(timerView(0, t0, 'running', t0).ended).toBe(true);
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

describe('the past boards (spec §7 top history: one entry per paid place)', () => {
  const entry = (id: number, position: number, user = 1) => ({ id, title: `board ${id}`, prize: { position }, user: { id: user } });
  it('groups the places by board in the order the boards came, with the player\'s own places on their board', () => {
    const podium = [entry(9, 1), entry(9, 2), entry(9, 3), entry(4, 1), entry(4, 2)];
    const mine = [entry(9, 2, 7), entry(4, 17, 7), entry(1, 5, 7)];
    const boards = historyBoards(podium, mine);
    expect(boards.map((b) => [b.id, b.head.title, b.podium.map((e) => e.prize.position), b.mine.map((e) => e.prize.position)])).toEqual([
      [9, 'board 9', [1, 2, 3], [2]],
      [4, 'board 4', [1, 2], [17]],
    ]);
  });
  it('shows no board when no board paid a place', () => {
    expect(historyBoards([], [entry(3, 1)])).toEqual([]);
  });
});
