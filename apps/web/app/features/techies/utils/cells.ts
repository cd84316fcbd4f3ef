import { TECHIES_CELLS } from '@store/shared/techies';
import type { PlayState } from './play.ts';

/**
 * What one cell shows: `pending` from the click until its answer may be shown (queued, turning,
 * or turned and waiting for the server); `revealed-*` are the cells of the layout shown after the
 * game, which the player did not open.
 */
export type CellState = 'closed' | 'pending' | 'safe' | 'mine' | 'revealed-mine' | 'revealed-safe';

export interface CellView {
  index: number;
  state: CellState;
  /** Sent and turning over right now. */
  turning: boolean;
  /** Turned, its answer not in yet (or held behind an earlier cell's). */
  waiting: boolean;
  /** A click would open it. */
  clickable: boolean;
}

export function cellViews(play: PlayState, cells = TECHIES_CELLS): CellView[] {
  const game = play.shown;
  const opened = new Set(game?.opened ?? []);
  const mines = new Set(game?.mines ?? []);
  const flips = new Map(play.flips.map((f) => [f.cell, f]));
  const queued = new Set(play.queue);
  const over = game !== null && game.state !== 'playing';
  const open = play.latest !== null && play.latest.state === 'playing';
  return Array.from({ length: cells }, (_, index): CellView => {
    const view = (state: CellState, turning = false, waiting = false): CellView => ({
      index,
      state,
      turning,
      waiting,
      clickable: state === 'closed' && open && !over,
    });
    if (over && game.hit === index) return view('mine');
    if (opened.has(index)) return view('safe');
    if (over) return play.revealed ? view(mines.has(index) ? 'revealed-mine' : 'revealed-safe') : view('closed');
    const flip = flips.get(index);
    if (flip) return view('pending', !flip.turned, flip.turned);
    if (queued.has(index)) return view('pending');
    return view('closed');
  });
}
