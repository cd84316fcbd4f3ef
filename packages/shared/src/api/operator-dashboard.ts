import { z } from 'zod';
import { amount } from './common.ts';
import { DASHBOARD_GAMES, isCalendarDay, type DashboardGame } from '../dashboard.ts';

/**
 * The console's dashboard (decision 031): money and play figures per day of a period and in total,
 * and the observed return to player of each case and game next to the configured one. Days are
 * UTC calendar days; amounts are GOLD units with 2 decimals; a return to player is a fraction
 * (0.9 is 90%), null when nothing was staked.
 */

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDay = z.string().refine(isCalendarDay, 'a date like 2026-11-27 that exists');

/** GET /api/v1/admin/dashboard?from=&to=: both days included; either may be left out (`dashboardPeriod`). */
export const dashboardQuery = z.object({ from: isoDay.optional(), to: isoDay.optional() });

const ggr = z.object(Object.fromEntries(DASHBOARD_GAMES.map((g) => [g, amount])) as Record<DashboardGame, typeof amount>);
const figures = {
  /** Settled payments: the GOLD they bought (bonuses apart) and how many. */
  deposits: z.object({ sum: amount, count: z.number() }),
  /** Stakes minus payouts of each game. */
  ggr,
  /** Every case opening, free and daily ones too. */
  openings: z.number(),
  /** Distinct players who staked in any game. */
  active_players: z.number(),
  /** Accounts registered. */
  new_players: z.number(),
};
export const dashboardDay = z.object({ day: z.string(), ...figures });
export type DashboardDay = z.infer<typeof dashboardDay>;

/** What players staked and were paid in one game or case, and its return to player. */
const returnFigures = {
  plays: z.number(),
  staked: amount,
  paid_out: amount,
  rtp_observed: z.number().nullable(),
  /** The return the rules promise: a case's odds table at today's prices, a game's setting. */
  rtp_configured: z.number().nullable(),
};
export const dashboardGameReturn = z.object({ game: z.enum(DASHBOARD_GAMES), ggr: amount, ...returnFigures });
export const dashboardCaseReturn = z.object({
  id: z.number(),
  slug: z.string(),
  name_ru: z.string(),
  name_en: z.string(),
  /** A coin case's stakes are event coins, not GOLD: its RTP mixes units and it is left out of the GGR. */
  currency: z.string(),
  ...returnFigures,
});

export const dashboardResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(dashboardDay),
  totals: z.object({ ...figures, ggr_total: amount }),
  games: z.array(dashboardGameReturn),
  cases: z.array(dashboardCaseReturn),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
