import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { ACTIVE_WITHDRAWAL_STATES, MAX_ACTIVE_WITHDRAWALS, priceCeiling, STEAM_LOGIN_DAILY_WITHDRAWALS, WITHDRAWAL_COUNTDOWN_MS } from '@store/shared/withdrawals';
import { checkSteamLogin, checkTradeUrl } from '@store/shared/steam';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { takeForWithdrawal } from '../inventory/withdraw-items.ts';
import { findSteamData, lockAccount } from '../users/accounts.ts';
import { withdrawals } from './schema.ts';
import type { TradeLinkChecks } from './trade-link-checks.ts';

export type WithdrawMethod = 'trade' | 'login';

/**
 * Starts the withdrawal of a player's items (spec §5, §7 `senditem`): the method needs its Steam
 * data (a trade link, or a Steam login), the items move `progress` → `PREPARING` with the 5-minute
 * countdown by one conditional update, and each gets a withdrawal row with its fixed marketplace
 * id, all in one transaction. The purchases are the worker's (`WithdrawalWorker`): this call
 * answers at once. Refused with `tooManyWithdrawals` past the player's limit of withdrawals
 * under way, with `steamLogin` past a Steam login's daily withdrawals from all accounts, and with
 * `steam_trade_ban` or `steam_trade_link_expired` when a market's check of the trade link says so.
 */
export async function sendItems(db: Db, o: { userId: number; ids: readonly number[]; method: WithdrawMethod; catalogue: Catalogue; now: Date; tradeLinks?: TradeLinkChecks }) {
  const steam = await findSteamData(db, o.userId);
  if (!steam) throw new AppError('userNotFound');
  if (o.method === 'trade') {
    const bad = checkTradeUrl(steam.link);
    if (bad) throw new AppError(bad);
    // A trade ban or an expired link, where a market checks links: said now, before any purchase.
    const check = await o.tradeLinks?.check(steam.link!);
    if (check === 'trade_ban') throw new AppError('steam_trade_ban');
    if (check === 'link_expired') throw new AppError('steam_trade_link_expired');
  } else {
    const bad = checkSteamLogin(steam.login);
    if (bad) throw new AppError(bad);
  }
  const deadline = new Date(o.now.getTime() + WITHDRAWAL_COUNTDOWN_MS);
  return db.transaction(async (tx) => {
    // The player's row lock serialises their senditem calls, so parallel requests cannot all pass the count below.
    await lockAccount(tx, o.userId);
    const [active] = await tx
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, o.userId), inArray(withdrawals.state, [...ACTIVE_WITHDRAWAL_STATES])));
    if ((active?.n ?? 0) + new Set(o.ids).size > MAX_ACTIVE_WITHDRAWALS) throw new AppError('tooManyWithdrawals');
    if (o.method === 'login') {
      // Serialised per login (a transaction lock), so simultaneous requests from many accounts cannot all pass the count.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`steam-login:${steam.login!.toLowerCase()}`}))`);
      const [used] = await tx
        .select({ n: count() })
        .from(withdrawals)
        .where(and(sql`lower(${withdrawals.steamLogin}) = ${steam.login!.toLowerCase()}`, gt(withdrawals.createdAt, new Date(o.now.getTime() - 24 * 60 * 60_000))));
      if ((used?.n ?? 0) + new Set(o.ids).size > STEAM_LOGIN_DAILY_WITHDRAWALS) throw new AppError('steamLogin');
    }
    const items = await takeForWithdrawal(tx, { userId: o.userId, ids: o.ids, timerEndsAt: deadline });
    await tx.insert(withdrawals).values(
      items.map((i) => ({
        itemId: i.id,
        userId: o.userId,
        itemKey: i.key,
        marketName: o.catalogue.item(i.key).marketName,
        maxPrice: priceCeiling(i.price),
        method: o.method,
        tradeLink: o.method === 'trade' ? steam.link : null,
        steamLogin: o.method === 'login' ? steam.login : null,
        customId: `w-${randomUUID()}`,
        deadline,
        nextAt: o.now,
      })),
    );
    return { ids: items.map((i) => i.id), timer_ends_at: deadline.toISOString(), status: 'PREPARING' as const };
  });
}
