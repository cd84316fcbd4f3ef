import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { UpgradeStatistic, UpgradesQuery, UpgradesResponse } from '@store/shared/api/upgrades';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { revealedBy } from '../../db/columns.ts';
import { upgrades } from './schema.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentUpgradeRecord } from './present-upgrade.ts';

/** Whose upgrades a query asks for: `mine` needs sign-in; `user_id` narrows `all` to one player. */
function ownerFilter(scope: 'mine' | 'all', userId: number | undefined, viewerId: number | null): SQL | undefined {
  if (scope === 'mine') {
    if (!viewerId) throw new AppError('authentication');
    return eq(upgrades.userId, viewerId);
  }
  return userId ? eq(upgrades.userId, userId) : undefined;
}

/**
 * Upgrade history, newest first, with the staked items, the target and the roll. Everyone's
 * list leaves out upgrades whose wheel still turns (`revealMs`); the player's own shows them.
 */
export async function listUpgrades(opts: { db: Executor; catalogue: Catalogue; lang: Lang; query: UpgradesQuery; viewerId: number | null; revealMs: number }): Promise<UpgradesResponse> {
  const { db, catalogue, lang, query } = opts;
  const own = query.scope === 'mine';
  const where = and(ownerFilter(query.scope, query.user_id, opts.viewerId), query.wins_only ? eq(upgrades.success, true) : undefined, own ? undefined : revealedBy(upgrades.createdAt, opts.revealMs));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(upgrades)
      .where(where)
      .orderBy(desc(upgrades.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(upgrades).where(where),
  ]);
  const nicknames = await nicknamesOf(db, rows.map((r) => r.userId));
  return {
    items: rows.map((r) => presentUpgradeRecord(r, nicknames.get(r.userId) ?? '', catalogue, lang)),
    total: Number(totals[0]?.n ?? 0),
    page: query.page,
    per_page: query.per_page,
  };
}

/**
 * Counts and sums over the same filters as the history. Like everyone's list, another player's
 * counts leave out upgrades whose wheel still turns: a win or loss counted at once would tell the
 * outcome to anyone asking while it spins.
 */
export async function getUpgradeStatistic(opts: { db: Executor; scope: 'mine' | 'all'; userId?: number; viewerId: number | null; revealMs: number }): Promise<UpgradeStatistic> {
  const own = opts.scope === 'mine' || (opts.userId !== undefined && opts.userId === opts.viewerId);
  const where = and(ownerFilter(opts.scope, opts.userId, opts.viewerId), own ? undefined : revealedBy(upgrades.createdAt, opts.revealMs));
  const [s] = await opts.db
    .select({
      count: sql<number>`count(*)::int`,
      wins: sql<number>`count(*) filter (where ${upgrades.success})::int`,
      staked: sql<number>`coalesce(sum(${upgrades.stake}), 0)::bigint`,
      won: sql<number>`coalesce(sum(${upgrades.targetPrice}) filter (where ${upgrades.success}), 0)::bigint`,
      coins: sql<number>`coalesce(sum(${upgrades.coinsPrize}), 0)::bigint`,
      best: sql<number>`coalesce(max(${upgrades.targetPrice}) filter (where ${upgrades.success}), 0)::bigint`,
    })
    .from(upgrades)
    .where(where);
  const count = Number(s?.count ?? 0);
  const wins = Number(s?.wins ?? 0);
  return {
    count,
    wins,
    losses: count - wins,
    win_rate: count ? Math.round((wins / count) * 10_000) / 100 : 0,
    total_staked: toUnits(Number(s?.staked ?? 0)),
    total_won: toUnits(Number(s?.won ?? 0)),
    total_coins: toUnits(Number(s?.coins ?? 0)),
    best_win: toUnits(Number(s?.best ?? 0)),
  };
}
