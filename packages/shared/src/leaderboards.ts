/**
 * Leaderboards (tops): how a board scores the activity stream, how places and prizes read, and
 * how the board's timer is written, in one place for the server that ranks and the web that shows
 * (decision 016). No IO here.
 */
import { POSITION_CAP } from './constants.ts';
import { twoDigits } from './format/timer.ts';
import { kindsOfBoard, LEADERBOARD_MEASURES, measureOf, type LeaderboardType, type Measure, type MeasuredActivity } from './progression.ts';

export type { LeaderboardType };
export const LEADERBOARD_TYPES = Object.keys(LEADERBOARD_MEASURES) as LeaderboardType[];

/**
 * What one activity adds to a board's score: the kinds it counts and its measure, read from the
 * table in progression.ts.
 */
export const LEADERBOARD_SCORING = Object.fromEntries(
  LEADERBOARD_TYPES.map((type) => [type, { kinds: kindsOfBoard(type) as readonly string[], measure: LEADERBOARD_MEASURES[type] as Measure }]),
) as Record<LeaderboardType, { kinds: readonly string[]; measure: Measure }>;

export type ScoredActivity = MeasuredActivity;

/** The score one activity adds to a board of `type` (the scoring consumer's SQL does the same; sql-twins.test.ts holds them equal). */
export function scoreOf(type: LeaderboardType, a: ScoredActivity): number {
  const rule = LEADERBOARD_SCORING[type];
  return rule.kinds.includes(a.kind) ? measureOf(rule.measure, a) : 0;
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
