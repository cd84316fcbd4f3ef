/**
 * Leaderboards (tops): how a board scores the activity stream, how places and prizes read, and
 * how the board's timer is written, in one place for the server that ranks and the web that shows
 * (decision 016). No IO here.
 */
import { POSITION_CAP } from './constants.ts';
import { twoDigits } from './format.ts';
import { SPENDING_KINDS } from './levels.ts';

/** Every game that can hand a player items, for the "won" board. */
const WINNING_KINDS: readonly string[] = ['case_open', 'daily_case', 'free_case', 'offer_purchase', 'upgrade', 'contract', 'battle_finished'];

export const LEADERBOARD_TYPES = ['spent', 'won', 'cases_opened', 'battles_won', 'upgrade_wins'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

/**
 * What one activity adds to a board's score: `amount` (what was put in), `won` (what came back),
 * `count` (cases in a multi-open), or `win` (1 when the game gave anything back: a battle or an
 * upgrade won). Paid case openings only count as cases opened: a free or daily case is the same
 * for everyone, so it cannot be a race.
 */
export const LEADERBOARD_SCORING: Record<LeaderboardType, { kinds: readonly string[]; measure: 'amount' | 'won' | 'count' | 'win' }> = {
  spent: { kinds: SPENDING_KINDS, measure: 'amount' },
  won: { kinds: WINNING_KINDS, measure: 'won' },
  cases_opened: { kinds: ['case_open'], measure: 'count' },
  battles_won: { kinds: ['battle_finished'], measure: 'win' },
  upgrade_wins: { kinds: ['upgrade'], measure: 'win' },
};

export interface ScoredActivity {
  kind: string;
  amount: number;
  won: number;
  count: number;
}

/** The score one activity adds to a board of `type` (the server's SQL does the same; the tests hold them equal). */
export function scoreOf(type: LeaderboardType, a: ScoredActivity): number {
  const rule = LEADERBOARD_SCORING[type];
  if (!rule.kinds.includes(a.kind)) return 0;
  switch (rule.measure) {
    case 'amount':
      return Math.max(0, a.amount);
    case 'won':
      return Math.max(0, a.won);
    case 'count':
      return Math.max(0, a.count);
    case 'win':
      return a.won > 0 ? 1 : 0;
  }
}

/** Boards whose score is money (minor units) rather than a count. */
export const isMoneyScore = (type: LeaderboardType): boolean => LEADERBOARD_SCORING[type].measure === 'amount' || LEADERBOARD_SCORING[type].measure === 'won';

/**
 * The order of a board: the higher score first; on equal scores, whoever reached it first (the
 * lower id of the activity that brought the score to its value). Ids are unique, so no two
 * players ever share a place.
 */
export function compareStanding(a: { score: number; reachedId: number }, b: { score: number; reachedId: number }): number {
  return b.score - a.score || a.reachedId - b.reachedId;
}

/** A place as a card or a row prints it: past the cap "1000+", none yet a dash. */
export function positionLabel(position: number | null | undefined): string {
  // Not an integer covers null and undefined too.
  if (!Number.isInteger(position) || (position as number) < 1) return '—';
  return (position as number) > POSITION_CAP ? `${POSITION_CAP}+` : String(position);
}

/** The prize fund of a board in whole currency units, rounded down (spec §3 prizesAmount). */
export function prizesAmount(pricesMinor: readonly number[]): number {
  return Math.floor(pricesMinor.reduce((s, p) => s + p, 0) / 100);
}

const day = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${twoDigits(d.getUTCDate())}.${twoDigits(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
};

/**
 * The period of an ended board, "DD.MM.YYYY — DD.MM.YYYY", in UTC like every date of the store.
 * The end is exclusive (a week ends at Monday 00:00), so the range names the last day it ran.
 */
export function endedRange(startIso: string, endIso: string): string {
  const end = new Date(endIso);
  const lastDay = Number.isNaN(end.getTime()) ? endIso : new Date(end.getTime() - 1).toISOString();
  return `${day(startIso)} — ${day(lastDay)}`;
}

const WEEK_MS = 7 * 86_400_000;

/** The week (Monday 00:00 UTC to the next Monday) that holds `at`: the period of a weekly board. */
export function weekOf(at: Date): { start: Date; end: Date } {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  const start = new Date(midnight - sinceMonday * 86_400_000);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}
