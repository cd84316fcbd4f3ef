/**
 * The seasonal event's rules besides the pass itself (battle-pass.ts): what a task counts, the
 * event coins an event case gives, raffle tickets and the raffle draw (spec §3 Battle pass and
 * Raffle result, §9 Cases and events; decision 017). No IO here: the server counts and draws with
 * these, and a player recomputes a draw with the same code in the browser.
 */
import { TICKETS } from './constants.ts';
import { rollDigest } from './provably-fair.ts';
import { kindsOfTask, measureOf, TASK_MEASURES, type Measure, type TaskType } from './progression.ts';

export type { TaskType };

/**
 * What a task asks for, and how one activity of the stream moves it: the kinds it counts and its
 * measure, read from the table in progression.ts.
 */
export const TASK_RULES = Object.fromEntries(
  (Object.keys(TASK_MEASURES) as TaskType[]).map((type) => [type, { kinds: kindsOfTask(type) as readonly string[], measure: TASK_MEASURES[type] as Measure }]),
) as Record<TaskType, { kinds: readonly string[]; measure: Measure }>;
export const TASK_TYPES = Object.keys(TASK_RULES) as TaskType[];

/** Task types whose target is money (minor units) rather than a count. */
export const isMoneyTask = (type: TaskType): boolean => TASK_RULES[type].measure === 'amount';

export interface TaskActivity {
  kind: string;
  amount: number;
  won: number;
  count: number;
  /** The section of the case opened, for a task limited to sections (null: not a case opening). */
  sectionId?: number | null;
}

/**
 * How far one activity moves a task of `type`; a task limited to `sectionIds` counts only case
 * openings of those sections. The server's consumer uses this very function.
 */
export function taskStep(type: TaskType, sectionIds: readonly number[] | null, a: TaskActivity): number {
  const rule = TASK_RULES[type];
  if (!rule.kinds.includes(a.kind)) return 0;
  // (A null section is in no list: the `== null` test only spares `includes` a null; mutating it away is equivalent.)
  if (sectionIds && sectionIds.length > 0 && (a.sectionId == null || !sectionIds.includes(a.sectionId))) return 0;
  return measureOf(rule.measure, a);
}

/** A task's progress after `step`, never past its target: the bar is full, not 130 %. */
export const taskProgressAfter = (progress: number, step: number, target: number): number => Math.min(target, progress + Math.max(0, step));

/**
 * The whole event coins an event case gives for one opening, from the opening's own roll at
 * cursor EVENT_COINS_CURSOR: min + the ticket's share of (max − min + 1), so every amount in the
 * range is equally likely to within one ticket in TICKETS. The opening function holds the SQL twin.
 */
export function coinsFromTicket(ticket: number, min: number, max: number): number {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  return lo + Math.floor(((ticket - 1) * (hi - lo + 1)) / TICKETS);
}

/** The roll cursor of an opening's coins; the item is cursor 0. */
export const EVENT_COINS_CURSOR = 1;

/** Raffle tickets for coins spent on coin cases (whole coins): one per `coinsPerTicket`. */
export const raffleTickets = (coinsSpent: number, coinsPerTicket: number): number =>
  coinsPerTicket > 0 ? Math.floor(Math.max(0, coinsSpent) / coinsPerTicket) : 0;

export interface RaffleEntry {
  userId: number;
  tickets: number;
}

export interface RaffleWin {
  /** 1 for the first prize. */
  position: number;
  userId: number;
  /** The winning ticket, 1-based, among the tickets still in the draw for this prize. */
  ticket: number;
  /** How many tickets were in the draw for this prize. */
  ticketsInDraw: number;
}

/**
 * The raffle draw (decision 017), recomputable by anyone once the server seed is revealed. Entries
 * are taken in user-id order, each holding a run of consecutive tickets. Prize `p` is drawn with
 * the digest of (server seed, client seed, nonce p, cursor 0): its first four bytes as a fraction
 * of 2³² pick a ticket among those still in the draw; its holder wins and leaves the draw, so a
 * player wins at most one prize. With fewer players than prizes the last prizes are not drawn.
 */
export function drawRaffle(serverSeed: string, clientSeed: string, entries: readonly RaffleEntry[], prizes: number): RaffleWin[] {
  const pool = entries.filter((e) => e.tickets > 0).sort((a, b) => a.userId - b.userId);
  const wins: RaffleWin[] = [];
  for (let position = 1; position <= prizes && pool.length > 0; position++) {
    const total = pool.reduce((n, e) => n + e.tickets, 0);
    const d = rollDigest({ serverSeed, clientSeed, nonce: position, cursor: 0 });
    const u = ((d[0]! << 24) >>> 0) + (d[1]! << 16) + (d[2]! << 8) + d[3]!;
    const ticket = Math.floor((u / 2 ** 32) * total) + 1;
    let seen = 0;
    const at = pool.findIndex((e) => (seen += e.tickets) >= ticket);
    const [winner] = pool.splice(at, 1);
    wins.push({ position, userId: winner!.userId, ticket, ticketsInDraw: total });
  }
  return wins;
}
