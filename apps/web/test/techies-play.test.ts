import { describe, expect, it } from 'vitest';
import type { TechiesGameData } from '#app/features/techies/api/get-techies-game.ts';
import { cellViews, type CellState } from '#app/features/techies/utils/cells.ts';
import { canCashOut, initialPlay, isBusy, isOver, playReducer, type PlayEvent, type PlayState } from '#app/features/techies/utils/play.ts';

/** A game with 3 mines at 0, 1 and 2 (known to the test, never to the page while playing). */
const MINES = [0, 1, 2];
function game(over: Partial<TechiesGameData> = {}): TechiesGameData {
  return {
    id: 7,
    state: 'playing',
    stake: 10,
    minesCount: 3,
    opened: [],
    hit: null,
    mines: null,
    multiplier: 1,
    nextMultiplier: 1.07,
    payout: null,
    balance: 90,
    roll: { serverSeedHash: 'h', clientSeed: 'c', nonce: 4 },
    createdAt: '2025-01-01T00:00:00Z',
    finishedAt: null,
    ...over,
  };
}
const safe = (opened: number[]) => game({ opened, multiplier: 1 + opened.length / 10 });
const lost = (opened: number[], hit: number) =>
  game({ opened, hit, state: 'lost', mines: MINES, payout: 0, finishedAt: '2025-01-01T00:01:00Z' });
const cashed = (opened: number[]) =>
  game({ opened, state: 'cashed', mines: MINES, payout: 12, balance: 102, finishedAt: '2025-01-01T00:01:00Z' });

const run = (state: PlayState, ...events: PlayEvent[]) => events.reduce(playReducer, state);
const states = (play: PlayState) => cellViews(play).map((c) => c.state);
const stateOf = (play: PlayState, cell: number): CellState => cellViews(play)[cell]!.state;

describe('the click queue', () => {
  it('sends one open request at a time and queues the clicks after it', () => {
    const play = run(initialPlay(game()), { type: 'clicked', cell: 5 }, { type: 'clicked', cell: 6 }, { type: 'clicked', cell: 7 });
    expect(play.inFlight).toEqual({ cell: 5 });
    expect(play.queue).toEqual([6, 7]);
    expect([5, 6, 7].map((c) => stateOf(play, c))).toEqual(['pending', 'pending', 'pending']);
    // Only the sent cell turns; the queued ones wait without turning.
    expect(cellViews(play)[5]!.turning).toBe(true);
    expect(cellViews(play)[6]!.turning).toBe(false);
  });

  it('sends the next queued cell once the one before it is answered, as a new request', () => {
    const first = run(initialPlay(game()), { type: 'clicked', cell: 5 }, { type: 'clicked', cell: 6 });
    const request = first.inFlight;
    const next = run(first, { type: 'answered', cell: 5, game: safe([5]) });
    expect(next.inFlight).toEqual({ cell: 6 });
    expect(next.inFlight).not.toBe(request);
    expect(next.queue).toEqual([]);
  });

  it('ignores a second click on a cell that is sent, queued or open', () => {
    let play = run(initialPlay(game()), { type: 'clicked', cell: 5 }, { type: 'clicked', cell: 6 });
    expect(run(play, { type: 'clicked', cell: 5 }, { type: 'clicked', cell: 6 })).toEqual(play);
    play = run(play, { type: 'answered', cell: 5, game: safe([5]) }, { type: 'turned', cell: 5 });
    expect(run(play, { type: 'clicked', cell: 5 }).queue).toEqual([]);
  });

  it('drops the queued clicks when an answer ends the game', () => {
    const play = run(
      initialPlay(game()),
      { type: 'clicked', cell: 1 },
      { type: 'clicked', cell: 6 },
      { type: 'answered', cell: 1, game: lost([], 1) },
    );
    expect(play.inFlight).toBeNull();
    expect(play.queue).toEqual([]);
    expect(stateOf(play, 6)).toBe('closed');
  });

  it('skips a queued cell the answer already opened', () => {
    const play = run(
      initialPlay(game()),
      { type: 'clicked', cell: 5 },
      { type: 'clicked', cell: 6 },
      { type: 'clicked', cell: 7 },
      { type: 'answered', cell: 5, game: safe([5, 6]) },
    );
    expect(play.inFlight).toEqual({ cell: 7 });
  });

  it('closes a cell whose request failed and forgets the clicks after it', () => {
    const play = run(initialPlay(game()), { type: 'clicked', cell: 5 }, { type: 'clicked', cell: 6 }, { type: 'failed', cell: 5 });
    expect(isBusy(play)).toBe(false);
    expect(states(play).every((s) => s === 'closed')).toBe(true);
    // It can be clicked again.
    expect(run(play, { type: 'clicked', cell: 5 }).inFlight).toEqual({ cell: 5 });
  });

  it('takes no click before a game or after it', () => {
    expect(run(initialPlay(null), { type: 'clicked', cell: 3 }).inFlight).toBeNull();
    const over = run(initialPlay(game()), { type: 'clicked', cell: 1 }, { type: 'answered', cell: 1, game: lost([], 1) });
    expect(run(over, { type: 'clicked', cell: 9 }).inFlight).toBeNull();
  });

  it('ignores an answer for a request that is not out (the board was cleared meanwhile)', () => {
    const play = run(initialPlay(game()), { type: 'clicked', cell: 5 }, { type: 'cleared' });
    expect(run(play, { type: 'answered', cell: 5, game: safe([5]) })).toEqual(initialPlay(null));
  });
});

describe('the answer waits for the flip', () => {
  it('shows a safe cell only once both its answer and its turn are in, in either order', () => {
    const sent = run(initialPlay(game()), { type: 'clicked', cell: 5 });
    const answeredFirst = run(sent, { type: 'answered', cell: 5, game: safe([5]) });
    expect(stateOf(answeredFirst, 5)).toBe('pending');
    expect(answeredFirst.shown?.multiplier).toBe(1);
    const turned = run(answeredFirst, { type: 'turned', cell: 5 });
    expect(stateOf(turned, 5)).toBe('safe');
    expect(turned.shown?.multiplier).toBe(1.1);

    const turnedFirst = run(sent, { type: 'turned', cell: 5 });
    expect(stateOf(turnedFirst, 5)).toBe('pending');
    expect(cellViews(turnedFirst)[5]!.waiting).toBe(true);
    expect(stateOf(run(turnedFirst, { type: 'answered', cell: 5, game: safe([5]) }), 5)).toBe('safe');
  });

  it('shows answers in click order even when a later flip ends first', () => {
    let play = run(
      initialPlay(game()),
      { type: 'clicked', cell: 5 },
      { type: 'clicked', cell: 6 },
      { type: 'answered', cell: 5, game: safe([5]) },
    );
    play = run(play, { type: 'answered', cell: 6, game: safe([5, 6]) }, { type: 'turned', cell: 6 });
    expect([stateOf(play, 5), stateOf(play, 6)]).toEqual(['pending', 'pending']);
    play = run(play, { type: 'turned', cell: 5 });
    expect([stateOf(play, 5), stateOf(play, 6)]).toEqual(['safe', 'safe']);
    expect(play.shown?.opened).toEqual([5, 6]);
  });

  it('does not offer cash-out before the first safe cell nor while a cell is under way', () => {
    expect(canCashOut(initialPlay(game()))).toBe(false);
    const one = run(
      initialPlay(game()),
      { type: 'clicked', cell: 5 },
      { type: 'answered', cell: 5, game: safe([5]) },
      { type: 'turned', cell: 5 },
    );
    expect(canCashOut(one)).toBe(true);
    expect(canCashOut(run(one, { type: 'clicked', cell: 6 }))).toBe(false);
  });
});

describe('the end of a game', () => {
  it('explodes the mine, then reveals the layout and tells the result', () => {
    let play = run(initialPlay(safe([5])), { type: 'clicked', cell: 2 }, { type: 'answered', cell: 2, game: lost([5], 2) });
    expect(stateOf(play, 2)).toBe('pending');
    play = run(play, { type: 'turned', cell: 2 });
    expect(stateOf(play, 2)).toBe('mine');
    expect(isOver(play)).toBe(false);
    expect(stateOf(play, 0)).toBe('closed');
    play = run(play, { type: 'exploded' });
    expect(isOver(play)).toBe(true);
    const shown = states(play);
    expect(shown.filter((s) => s === 'mine' || s === 'revealed-mine')).toHaveLength(3);
    expect(shown.slice(0, 6)).toEqual(['revealed-mine', 'revealed-mine', 'mine', 'revealed-safe', 'revealed-safe', 'safe']);
    expect(cellViews(play).some((c) => c.clickable)).toBe(false);
  });

  it('reveals the layout at once when the last safe cell cashes out by itself', () => {
    const play = run(
      initialPlay(safe([5])),
      { type: 'clicked', cell: 6 },
      { type: 'answered', cell: 6, game: cashed([5, 6]) },
      { type: 'turned', cell: 6 },
    );
    expect(isOver(play)).toBe(true);
    expect(states(play).slice(0, 7)).toEqual([
      'revealed-mine',
      'revealed-mine',
      'revealed-mine',
      'revealed-safe',
      'revealed-safe',
      'safe',
      'safe',
    ]);
  });

  it('cashes out only when nothing is under way, and reveals the layout', () => {
    const one = run(
      initialPlay(game()),
      { type: 'clicked', cell: 5 },
      { type: 'answered', cell: 5, game: safe([5]) },
      { type: 'turned', cell: 5 },
    );
    const busy = run(one, { type: 'clicked', cell: 6 });
    expect(run(busy, { type: 'cashed', game: cashed([5]) })).toEqual(busy);
    const done = run(one, { type: 'cashed', game: cashed([5]) });
    expect(isOver(done)).toBe(true);
    expect(stateOf(done, 0)).toBe('revealed-mine');
    expect(stateOf(done, 5)).toBe('safe');
  });

  it('resumes an open game with its opened cells and cash-out available', () => {
    const play = initialPlay(safe([4, 9]));
    expect(states(play).filter((s) => s === 'safe')).toHaveLength(2);
    expect(canCashOut(play)).toBe(true);
    expect(cellViews(play).filter((c) => c.clickable)).toHaveLength(23);
  });

  it('starts over on "play again" with a closed board that takes no click', () => {
    const over = run(initialPlay(safe([5])), { type: 'cashed', game: cashed([5]) });
    const again = run(over, { type: 'cleared' });
    expect(again.shown).toBeNull();
    expect(states(again).every((s) => s === 'closed')).toBe(true);
    expect(cellViews(again).some((c) => c.clickable)).toBe(false);
  });
});
