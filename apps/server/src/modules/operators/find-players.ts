import type { OperatorDebtorsResponse, OperatorPlayer, OperatorPlayerSummary } from '@store/shared/api/operators';
import { WALLET_CURRENCIES, type WalletCurrency } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findIdentities, findIdentityOwner, subjectsOf } from '../auth/identities.ts';
import { findPlayerRecord, searchPlayerRecords, type PlayerRecord } from '../users/operator-standing.ts';
import { getBalances, listDebtors, listLedger } from '../wallet/wallet.ts';

const SEARCH_LIMIT = 50;

const summary = (r: PlayerRecord, steamId: string | null): OperatorPlayerSummary => ({
  id: r.id,
  login: r.login,
  nickname: r.nickname,
  role: r.role,
  blocked: r.blocked,
  steam_id: steamId,
  created_at: r.createdAt.toISOString(),
});

/** Players by id, login, nickname, Steam login or SteamID64 (the owner of that Steam identity). */
export async function searchPlayers(db: Executor, q: string): Promise<{ items: OperatorPlayerSummary[] }> {
  const steamOwner = /^\d{17}$/.test(q) ? await findIdentityOwner(db, 'steam', q) : null;
  const records = await searchPlayerRecords(db, q, steamOwner === null ? [] : [steamOwner], SEARCH_LIMIT);
  const steamIds = await subjectsOf(db, 'steam', records.map((r) => r.id));
  return { items: records.map((r) => summary(r, steamIds.get(r.id) ?? null)) };
}

/** A player's profile for the console: standing, wallets, linked sign-in providers. */
export async function getPlayer(db: Executor, userId: number): Promise<OperatorPlayer> {
  const [record, balances, identities] = await Promise.all([
    findPlayerRecord(db, userId),
    getBalances(db, userId),
    findIdentities(db, userId),
  ]);
  if (!record) throw new AppError('userNotFound');
  const steamId = identities.find((i) => i.provider === 'steam')?.subject ?? null;
  return {
    ...summary(record, steamId),
    admin: record.isAdmin,
    language: record.language,
    email: record.email,
    reg_type: record.regType,
    steam: { link: record.steamLink, login: record.steamLogin, id: steamId },
    identities: identities.map((i) => ({
      provider: i.provider as OperatorPlayer['identities'][number]['provider'],
      subject: i.subject,
      name: i.name,
    })),
    blocked_at: record.blockedAt,
    blocked_reason: record.blockedReason,
    wallets: WALLET_CURRENCIES.map((currency) => ({ currency, balance: toUnits(balances[currency] ?? 0) })),
    cases_opened: record.casesOpened,
    spent: toUnits(record.spent),
  };
}

/** A player's ledger, newest first, with the running balance and each row's reference. */
export async function getPlayerLedger(db: Executor, o: { userId: number; currency?: WalletCurrency; page: number; perPage: number }) {
  const record = await findPlayerRecord(db, o.userId);
  if (!record) throw new AppError('userNotFound');
  const { rows, total } = await listLedger(db, o);
  return {
    items: rows.map((r) => ({
      id: r.id,
      currency: r.currency,
      delta: toUnits(r.delta),
      balance_after: toUnits(r.balanceAfter),
      reason: r.reason,
      ref: r.ref,
      meta: r.meta ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page: o.page,
    per_page: o.perPage,
  };
}

/** Players in debt: a GOLD balance below zero, deepest first, never left out of the console (decision 072). */
export async function listPlayersInDebt(db: Executor): Promise<OperatorDebtorsResponse> {
  const debtors = await listDebtors(db, { limit: SEARCH_LIMIT });
  const records = await Promise.all(debtors.map((d) => findPlayerRecord(db, d.userId)));
  const steamIds = await subjectsOf(db, 'steam', debtors.map((d) => d.userId));
  return {
    items: debtors.flatMap((d, i) => {
      const r = records[i];
      return r ? [{ ...summary(r, steamIds.get(r.id) ?? null), balance: toUnits(d.amount) }] : [];
    }),
  };
}
