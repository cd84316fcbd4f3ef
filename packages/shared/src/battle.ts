import { BATTLE_MAX_ROUNDS, TICKETS } from './constants.ts';
import { rollTicket } from './provably-fair.ts';

/**
 * The rules of case battles (spec §3, §4; decision 008), pure so the server that plays a battle
 * and the browser that lets anyone recompute it use the same code.
 *
 * Seats are numbered 1..N from the left: in a 2v2 seats 1 and 2 are the left team (team 1) and
 * seats 3 and 4 the right team (team 2); in every other mode each seat is its own team, and the
 * team number is the seat number.
 */
export const BATTLE_MODES = ['1v1', '1v1v1', '1v1v1v1', '2v2'] as const;
export type BattleMode = (typeof BATTLE_MODES)[number];

export const BATTLE_STATUSES = ['created', 'started', 'finished', 'cancelled'] as const;
export type BattleStatus = (typeof BATTLE_STATUSES)[number];

const SEATS: Record<BattleMode, number> = { '1v1': 2, '1v1v1': 3, '1v1v1v1': 4, '2v2': 4 };

export const seatsOf = (mode: BattleMode): number => SEATS[mode];

export const teamOf = (mode: BattleMode, seat: number): number => (mode === '2v2' ? (seat <= 2 ? 1 : 2) : seat);

/** The teams of a mode, in seat order: [1, 2] for a 2v2, [1..N] otherwise. */
export const teamsOf = (mode: BattleMode): number[] =>
  mode === '2v2' ? [1, 2] : Array.from({ length: SEATS[mode] }, (_, i) => i + 1);

export interface BattleCaseLine {
  /** Price of one opening, in minor units. */
  price: number;
  count: number;
}

/** What a seat pays to take part: every case of every round once. */
export const battlePrice = (lines: readonly BattleCaseLine[]): number => lines.reduce((sum, l) => sum + l.price * l.count, 0);

export const roundCount = (lines: readonly { count: number }[]): number => lines.reduce((sum, l) => sum + l.count, 0);

export type BattleRoundsError = 'error_max_rounds' | 'error_too_many_rounds';

/**
 * A case line asks for 1..max openings, and the battle holds 1..max rounds in all. A line with
 * a count out of range is `error_max_rounds`; lines that are each fine but add up to more than
 * the maximum are `error_too_many_rounds`. No lines at all is the first kind too.
 */
export function checkRounds(lines: readonly { count: number }[], max = BATTLE_MAX_ROUNDS): BattleRoundsError | null {
  if (!lines.length) return 'error_max_rounds';
  if (lines.some((l) => !Number.isInteger(l.count) || l.count < 1 || l.count > max)) return 'error_max_rounds';
  return roundCount(lines) > max ? 'error_too_many_rounds' : null;
}

/** The case of each round, round 1 first: the lines in order, each repeated `count` times. */
export function expandRounds<T extends { count: number }>(lines: readonly T[]): T[] {
  return lines.flatMap((l) => Array.from({ length: l.count }, () => l));
}

/** A bot seat's client seed (DESIGN). */
export const botClientSeed = (seat: number): string => `bot:${seat}`;

/**
 * The battle's client seed, fixed when it starts: the seated players' own client seeds in seat
 * order, a bot's being `bot:<seat>`, joined by `|`.
 */
export function battleClientSeed(seats: readonly { seat: number; clientSeed: string | null }[]): string {
  return [...seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => s.clientSeed ?? botClientSeed(s.seat))
    .join('|');
}

/** The ticket of one seat in one round: nonce = round number, cursor = seat number (DESIGN). */
export const rollBattleTicket = (o: { serverSeed: string; clientSeed: string; round: number; seat: number }): number =>
  rollTicket({ serverSeed: o.serverSeed, clientSeed: o.clientSeed, nonce: o.round, cursor: o.seat });

export interface BattleDropValue {
  round: number;
  seat: number;
  /** Price of the drop, minor units. */
  price: number;
}

/** Sum of drop prices per seat; every seat of the mode appears, at 0 when it dropped nothing yet. */
export function seatTotals(mode: BattleMode, drops: readonly BattleDropValue[]): Map<number, number> {
  const totals = new Map<number, number>(Array.from({ length: SEATS[mode] }, (_, i) => [i + 1, 0]));
  for (const d of drops) totals.set(d.seat, (totals.get(d.seat) ?? 0) + d.price);
  return totals;
}

export function teamTotals(mode: BattleMode, drops: readonly BattleDropValue[]): Map<number, number> {
  const totals = new Map<number, number>(teamsOf(mode).map((t) => [t, 0]));
  for (const [seat, total] of seatTotals(mode, drops)) {
    const team = teamOf(mode, seat);
    totals.set(team, totals.get(team)! + total);
  }
  return totals;
}

/** The teams sharing the highest total, in team order. */
export function leadingTeams(totals: ReadonlyMap<number, number>): number[] {
  const best = Math.max(...totals.values());
  return [...totals].filter(([, t]) => t === best).map(([team]) => team).sort((a, b) => a - b);
}

/**
 * A tie is broken by one more roll of the battle's seeds: nonce = rounds + 1, cursor 0. The ticket
 * splits 1..100000 into equal parts, one per tied team in team order.
 */
export const TIE_BREAK_CURSOR = 0;
export const tieBreakNonce = (rounds: number): number => rounds + 1;

export function pickTieWinner(tied: readonly number[], ticket: number): number {
  if (!tied.length) throw new Error('no tied teams');
  if (!Number.isInteger(ticket) || ticket < 1 || ticket > TICKETS) throw new Error(`ticket out of range: ${ticket}`);
  return tied[Math.floor(((ticket - 1) * tied.length) / TICKETS)]!;
}

export interface BattleOutcome {
  winnerTeam: number;
  totals: Map<number, number>;
  /** Present when two or more teams shared the best total. */
  tieBreak: { ticket: number; tied: number[] } | null;
}

/** Who won a finished battle, from its drops and seeds alone. */
export function resolveBattle(o: {
  mode: BattleMode;
  serverSeed: string;
  clientSeed: string;
  rounds: number;
  drops: readonly BattleDropValue[];
}): BattleOutcome {
  const totals = teamTotals(o.mode, o.drops);
  const tied = leadingTeams(totals);
  if (tied.length === 1) return { winnerTeam: tied[0]!, totals, tieBreak: null };
  const ticket = rollTicket({ serverSeed: o.serverSeed, clientSeed: o.clientSeed, nonce: tieBreakNonce(o.rounds), cursor: TIE_BREAK_CURSOR });
  return { winnerTeam: pickTieWinner(tied, ticket), totals, tieBreak: { ticket, tied } };
}

/**
 * The seat that receives a drop when the battle ends. The winner takes everything: in a
 * free-for-all every drop goes to the winning seat; in a 2v2 each winner keeps their own drops
 * and takes those of the loser sitting opposite (left 1 ↔ right 1, left 2 ↔ right 2).
 */
export function awardSeat(mode: BattleMode, winnerTeam: number, dropSeat: number): number {
  if (mode !== '2v2') return winnerTeam;
  if (teamOf(mode, dropSeat) === winnerTeam) return dropSeat;
  return dropSeat <= 2 ? dropSeat + 2 : dropSeat - 2;
}

export interface SeatStake {
  userId: number | null;
  paid: number;
}

/** What a cancelled battle gives back: each player their own stake; bots paid nothing. */
export function battleRefunds(seats: readonly SeatStake[]): { userId: number; amount: number }[] {
  return seats.filter((s): s is { userId: number; paid: number } => s.userId !== null && s.paid > 0).map((s) => ({ userId: s.userId, amount: s.paid }));
}

/** The first free seat, or null when the battle is full. */
export function firstFreeSeat(mode: BattleMode, taken: Iterable<number>): number | null {
  const used = new Set(taken);
  for (let seat = 1; seat <= SEATS[mode]; seat++) if (!used.has(seat)) return seat;
  return null;
}
