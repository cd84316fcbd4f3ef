import type { TechiesGameData } from '../api/get-techies-game.ts';

/**
 * The techies board as the page plays it, pure so the rules are tested without a DOM.
 *
 * Clicks are serialised: one open request at a time, later clicks wait in a queue and are dropped
 * once the game is over. A sent cell turns over at once, and the server's answer is held until the
 * turn has ended (nothing tells the outcome before its animation: spec §9), so the board only ever
 * shows answers whose flip is done, in the order the cells were clicked.
 */

/** A sent cell turning over; its answer waits here until the turn has ended. */
export interface Flip {
  cell: number;
  turned: boolean;
  answer: TechiesGameData | null;
}

export interface PlayState {
  /** The game the board shows: the last answer whose flip has ended. */
  shown: TechiesGameData | null;
  /** The server's latest word on the game, ahead of `shown` while a flip is under way. */
  latest: TechiesGameData | null;
  /** The open request that is out, if any: a new object per request. */
  inFlight: { cell: number } | null;
  /** Clicked cells waiting for the request before them to be answered. */
  queue: number[];
  /** Sent cells in click order, until both their turn and their answer are in. */
  flips: Flip[];
  /** The whole layout is on show: after a lost game's explosion, at once when cashed. */
  revealed: boolean;
}

export type PlayEvent =
  | { type: 'started'; game: TechiesGameData }
  | { type: 'clicked'; cell: number }
  | { type: 'answered'; cell: number; game: TechiesGameData }
  | { type: 'failed'; cell: number }
  | { type: 'turned'; cell: number }
  | { type: 'exploded' }
  | { type: 'cashed'; game: TechiesGameData }
  | { type: 'cleared' };

/** A board showing `game` (an open game resumed, or a new one), or the empty board. */
export const initialPlay = (game: TechiesGameData | null): PlayState => ({
  shown: game,
  latest: game,
  inFlight: null,
  queue: [],
  flips: [],
  revealed: game !== null && game.state === 'cashed',
});

/** Whether a click, a request or a flip is still under way (nothing else may start meanwhile). */
export const isBusy = (play: PlayState): boolean => play.inFlight !== null || play.queue.length > 0 || play.flips.length > 0;

/** Cash-out is offered once a safe cell is shown and nothing is under way. */
export const canCashOut = (play: PlayState): boolean =>
  play.shown !== null && play.shown.state === 'playing' && play.shown.opened.length > 0 && !isBusy(play);

/** The game is over on screen: the result may be told (a lost game waits for its explosion). */
export const isOver = (play: PlayState): boolean => play.shown !== null && play.shown.state !== 'playing' && play.revealed;

const playing = (game: TechiesGameData | null): game is TechiesGameData => game !== null && game.state === 'playing';

/** Applies the answers at the head of the flips whose turn has ended, in click order. */
function settle(play: PlayState): PlayState {
  let { shown, revealed } = play;
  const flips = [...play.flips];
  while (flips[0]?.turned && flips[0].answer) {
    shown = flips.shift()!.answer;
    // The last safe cell cashes out by itself: nothing is left to explode, the layout shows at once.
    if (shown?.state === 'cashed') revealed = true;
  }
  return { ...play, shown, revealed, flips };
}

/** Sends the next queued cell the latest answer still leaves closed, if the game goes on. */
function sendNext(play: PlayState): PlayState {
  if (!playing(play.latest)) return { ...play, inFlight: null, queue: [] };
  const opened = new Set(play.latest.opened);
  const queue = play.queue.filter((c) => !opened.has(c));
  const next = queue.shift();
  if (next === undefined) return { ...play, inFlight: null, queue };
  return { ...play, inFlight: { cell: next }, queue, flips: [...play.flips, { cell: next, turned: false, answer: null }] };
}

export function playReducer(play: PlayState, event: PlayEvent): PlayState {
  switch (event.type) {
    case 'started':
      return initialPlay(event.game);
    case 'clicked': {
      const { cell } = event;
      if (!playing(play.latest) || play.latest.opened.includes(cell)) return play;
      if (play.inFlight?.cell === cell || play.queue.includes(cell) || play.flips.some((f) => f.cell === cell)) return play;
      if (play.inFlight) return { ...play, queue: [...play.queue, cell] };
      return { ...play, inFlight: { cell }, flips: [...play.flips, { cell, turned: false, answer: null }] };
    }
    case 'answered': {
      if (play.inFlight?.cell !== event.cell || play.latest?.id !== event.game.id) return play;
      const flips = play.flips.map((f) => (f.cell === event.cell ? { ...f, answer: event.game } : f));
      return settle(sendNext({ ...play, latest: event.game, flips }));
    }
    case 'failed': {
      if (play.inFlight?.cell !== event.cell) return play;
      // The player saw an error: the cell closes again and the clicks after it are forgotten.
      return settle({ ...play, inFlight: null, queue: [], flips: play.flips.filter((f) => f.cell !== event.cell) });
    }
    case 'turned':
      return settle({ ...play, flips: play.flips.map((f) => (f.cell === event.cell ? { ...f, turned: true } : f)) });
    case 'exploded':
      return play.shown?.state === 'lost' ? { ...play, revealed: true } : play;
    case 'cashed':
      if (isBusy(play) || play.latest?.id !== event.game.id) return play;
      return { ...initialPlay(event.game), revealed: true };
    case 'cleared':
      return initialPlay(null);
  }
}
