/**
 * The console dashboard's calendar and games (decision 031), without zod, so the web's dashboard
 * page takes them without the schemas. Days are UTC calendar days written YYYY-MM-DD.
 */

/** The longest period, in days, and the one shown when none is asked. */
export const DASHBOARD_MAX_DAYS = 366;
export const DASHBOARD_DEFAULT_DAYS = 30;

/** The games whose stakes and payouts the dashboard adds up, in the order it shows them. */
export const DASHBOARD_GAMES = ['cases', 'battles', 'upgrades', 'contracts', 'techies'] as const;
export type DashboardGame = (typeof DASHBOARD_GAMES)[number];

const MS_PER_DAY = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/** Whether a text is a calendar day that exists, YYYY-MM-DD. */
export function isCalendarDay(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = dayMs(d);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
}

/** The day `n` days after `d` (before, for a negative n). */
export const addDays = (d: string, n: number): string => new Date(dayMs(d) + n * MS_PER_DAY).toISOString().slice(0, 10);
/** How many days a period holds, both ends included. */
export const periodDays = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / MS_PER_DAY) + 1;

/**
 * The period a request asks for: `to` defaults to today, `from` to the 30 days that end at `to`.
 * Null when it is unsound (from after to, or longer than the maximum).
 */
export function dashboardPeriod(q: { from?: string; to?: string }, today: string): { from: string; to: string } | null {
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  if (from > to || periodDays(from, to) > DASHBOARD_MAX_DAYS) return null;
  return { from, to };
}
