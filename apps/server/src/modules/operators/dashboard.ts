import { sql, type SQL } from 'drizzle-orm';
import type { DashboardResponse } from '@store/shared/api/operator-dashboard';
import { addDays, DASHBOARD_GAMES, type DashboardGame } from '@store/shared/dashboard';
import { summarizeOdds } from '@store/shared/odds';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { ProjectConfig } from '../../config/projects.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { battleOpenedCases, battlePlays } from '../battles/play-figures.ts';
import { casePlays, openingsPerDay } from '../cases/play-figures.ts';
import { contractPlays } from '../contracts/play-figures.ts';
import { depositsPerDay } from '../payments/deposit-figures.ts';
import { techiesPlays } from '../techies/play-figures.ts';
import { upgradePlays } from '../upgrades/play-figures.ts';
import { registrationsPerDay } from '../users/registration-figures.ts';
import { listCasesForOperators, priceIn } from './case-figures.ts';

/**
 * The console's dashboard (decision 031). Each module says what its plays are (who, when, staked,
 * paid out) as a query of its own tables; here they are put together and the database adds them
 * up: one query per family of figures, grouped by UTC day and in total, never a loop over rows.
 */

type Figures = Pick<DashboardResponse, 'days' | 'totals' | 'games' | 'cases'>;

/** Every play of every game in the window, one row shape: game, case, player, time, staked, paid out, staked in GOLD. */
const allPlays = (from: string, to: string): SQL =>
  sql.join(
    [casePlays(from, to), battlePlays(from, to), upgradePlays(from, to), contractPlays(from, to), techiesPlays(from, to)],
    sql` union all `,
  );

const utcDay = sql`to_char((at at time zone 'UTC')::date, 'YYYY-MM-DD')`;
const ratio = (paid: number, staked: number) => (staked > 0 ? Math.round((paid / staked) * 100_000) / 100_000 : null);

/** The days of a period, both ends included. */
function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * Figures of the days `from`..`to` (YYYY-MM-DD, both included): deposits, each game's gross
 * revenue, openings, active and new players per day and in total, and the return to player each
 * game and case paid next to the one its rules promise.
 */
export async function dashboardFigures(o: {
  db: Executor;
  catalogue: Catalogue;
  project: Pick<ProjectConfig, 'upgrades' | 'contracts' | 'techies'>;
  from: string;
  to: string;
}): Promise<Figures> {
  const { db, catalogue } = o;
  const start = `${o.from}T00:00:00Z`;
  const end = `${addDays(o.to, 1)}T00:00:00Z`;
  const plays = allPlays(start, end);

  const [deposits, registrations, openings, gameRows, activeRows, caseRows, battleCases, caseList] = await Promise.all([
    depositsPerDay(db, start, end),
    registrationsPerDay(db, start, end),
    openingsPerDay(db, start, end),
    // GOLD stakes only: a coin case's price is event coins, not money.
    rows<{ day: string | null; game: DashboardGame; plays: number | string; staked: number | string; paid_out: number | string }>(
      db,
      sql`select day, game, count(*)::bigint as plays, sum(staked)::bigint as staked, sum(paid_out)::bigint as paid_out
          from (select ${utcDay} as day, game, staked, paid_out from (${plays}) p where gold) g
          group by grouping sets ((day, game), (game))`,
    ),
    rows<{ day: string | null; players: number | string }>(
      db,
      sql`select day, count(distinct user_id)::bigint as players
          from (select ${utcDay} as day, user_id from (${plays}) p) a
          group by grouping sets ((day), ())`,
    ),
    rows<{ case_id: number; plays: number | string; staked: number | string; paid_out: number | string }>(
      db,
      sql`select case_id, count(*)::bigint as plays, sum(staked)::bigint as staked, sum(paid_out)::bigint as paid_out
          from (${casePlays(start, end)}) c group by case_id`,
    ),
    battleOpenedCases(db, start, end),
    listCasesForOperators(db, catalogue),
  ]);

  const zeroGgr = () => Object.fromEntries(DASHBOARD_GAMES.map((g) => [g, 0])) as Record<DashboardGame, number>;
  const byDay = new Map(
    daysOf(o.from, o.to).map((day) => [
      day,
      { day, deposits: { sum: 0, count: 0 }, ggr: zeroGgr(), openings: openings.get(day) ?? 0, active_players: 0, new_players: 0 },
    ]),
  );
  const totals = {
    deposits: { sum: 0, count: 0 },
    ggr: zeroGgr(),
    ggr_total: 0,
    openings: [...openings.values()].reduce((a, b) => a + b, 0),
    active_players: 0,
    new_players: 0,
  };
  for (const r of deposits) {
    const figures = { sum: toUnits(r.sum), count: r.count };
    if (r.day === null) totals.deposits = figures;
    else if (byDay.has(r.day)) byDay.get(r.day)!.deposits = figures;
  }
  for (const r of registrations) {
    if (r.day === null) totals.new_players = r.count;
    else if (byDay.has(r.day)) byDay.get(r.day)!.new_players = r.count;
  }
  for (const r of activeRows) {
    if (r.day === null) totals.active_players = Number(r.players);
    else if (byDay.has(r.day)) byDay.get(r.day)!.active_players = Number(r.players);
  }
  const gameTotals = new Map<DashboardGame, { plays: number; staked: number; paid: number }>();
  for (const r of gameRows) {
    const staked = Number(r.staked);
    const paid = Number(r.paid_out);
    if (r.day === null) gameTotals.set(r.game, { plays: Number(r.plays), staked, paid });
    else if (byDay.has(r.day)) byDay.get(r.day)!.ggr[r.game] = toUnits(staked - paid);
  }

  // What each game's rules promise: a fixed return for upgrades, contracts and techies; for
  // battles, the odds of the cases their seats opened, weighted by what the seats paid for them.
  let battleStake = 0;
  let battleExpected = 0;
  for (const line of battleCases) {
    const ranges = await catalogue.rangesFor(db, line.oddsId);
    const { expected_value } = summarizeOdds({ ranges, priceOf: priceIn(catalogue), casePrice: line.price });
    battleStake += line.price * line.opened;
    battleExpected += expected_value * line.opened;
  }
  const configured: Record<DashboardGame, number | null> = {
    cases: null,
    battles: battleStake > 0 ? ratio(battleExpected, battleStake) : null,
    upgrades: o.project.upgrades.rate,
    contracts: o.project.contracts.rtp,
    techies: o.project.techies.rtp,
  };

  const caseInfo = new Map(caseList.items.map((c) => [c.id, c]));
  const cases = caseRows
    .map((r) => {
      const c = caseInfo.get(r.case_id);
      const staked = Number(r.staked);
      const paid = Number(r.paid_out);
      return {
        id: r.case_id,
        slug: c?.slug ?? String(r.case_id),
        name_ru: c?.name_ru ?? '',
        name_en: c?.name_en ?? '',
        currency: c?.currency ?? 'GOLD',
        plays: Number(r.plays),
        staked: toUnits(staked),
        paid_out: toUnits(paid),
        // A coin case's stake is coins and its drops GOLD: no ratio of the two means anything.
        rtp_observed: c && c.currency !== 'GOLD' ? null : ratio(paid, staked),
        rtp_configured: c && c.currency !== 'GOLD' ? null : (c?.rtp ?? null),
      };
    })
    .sort((a, b) => b.plays - a.plays || a.id - b.id);

  // The cases game promises what its GOLD cases promise, weighted by what was staked on each.
  const goldCases = cases.filter((c) => c.rtp_configured !== null && c.staked > 0);
  const goldStaked = goldCases.reduce((s, c) => s + c.staked, 0);
  configured.cases =
    goldStaked > 0
      ? ratio(
          goldCases.reduce((s, c) => s + c.staked * c.rtp_configured!, 0),
          goldStaked,
        )
      : null;

  const games = DASHBOARD_GAMES.map((game) => {
    const t = gameTotals.get(game) ?? { plays: 0, staked: 0, paid: 0 };
    totals.ggr[game] = toUnits(t.staked - t.paid);
    return {
      game,
      plays: t.plays,
      staked: toUnits(t.staked),
      paid_out: toUnits(t.paid),
      ggr: toUnits(t.staked - t.paid),
      rtp_observed: ratio(t.paid, t.staked),
      rtp_configured: configured[game],
    };
  });
  totals.ggr_total = toUnits([...gameTotals.values()].reduce((s, t) => s + t.staked - t.paid, 0));

  return { days: [...byDay.values()], totals, games, cases };
}
