import { TICKETS } from './constants.ts';
import { rollTicket } from './provably-fair.ts';

/**
 * The techies game ("mines"): a 5×5 field with 1 to 24 mines placed by provably-fair rolls when the
 * game starts; each safe cell opened raises the multiplier by the fair odds less the house edge;
 * cashing out pays stake × multiplier, a mine loses the stake. Pure rules, shared by the server
 * that plays and the browser that checks.
 */
export const TECHIES_CELLS = 25;
export const TECHIES_MIN_MINES = 1;
export const TECHIES_MAX_MINES = 24;

/**
 * The cells holding mines, from the game's seeds: mine `j` (cursor `j`) takes one of the cells
 * still free, counted in ascending order, at index ⌊(ticket − 1) × free / 100000⌋ where `free` is
 * 25 − j. One roll per mine, so a layout verifies from the seed pair, nonce and mine count alone.
 */
export function placeMines(o: { serverSeed: string; clientSeed: string; nonce: number; mines: number }): number[] {
  return minesFromTickets(
    Array.from({ length: o.mines }, (_, cursor) => rollTicket({ serverSeed: o.serverSeed, clientSeed: o.clientSeed, nonce: o.nonce, cursor })),
  );
}

/** The layout that a list of tickets (one per mine, cursor order) gives; ascending cell numbers 0..24. */
export function minesFromTickets(tickets: readonly number[]): number[] {
  const free = Array.from({ length: TECHIES_CELLS }, (_, i) => i);
  const mines: number[] = [];
  for (const ticket of tickets) {
    const at = Math.floor(((ticket - 1) * free.length) / TICKETS);
    mines.push(free.splice(at, 1)[0]!);
  }
  return mines.sort((a, b) => a - b);
}

/**
 * The fair multiplier after `opened` safe cells with `mines` mines: the inverse of the chance to
 * have picked only safe cells, C(25, k) / C(25 − m, k).
 */
export function fairMultiplier(mines: number, opened: number): number {
  let m = 1;
  for (let i = 0; i < opened; i++) m *= (TECHIES_CELLS - i) / (TECHIES_CELLS - mines - i);
  return m;
}

/**
 * The multiplier the store pays: the fair one times the return to player, rounded down to
 * hundredths; 1 before any cell is opened (cashing out then gives the stake back). Every way of
 * playing returns `rtp` on average, less the rounding.
 */
export function techiesMultiplier(mines: number, opened: number, rtp: number): number {
  if (opened === 0) return 1;
  return Math.floor(fairMultiplier(mines, opened) * rtp * 100 + 1e-9) / 100;
}

/** Stake × multiplier in minor units, rounded down. */
export const techiesPayout = (stakeMinor: number, multiplier: number): number => Math.floor((stakeMinor * Math.round(multiplier * 100)) / 100);

/** Cells a player may still open before the field holds only mines. */
export const safeCells = (mines: number): number => TECHIES_CELLS - mines;
