import { toMinor, toUnits } from '@store/shared/money';
import type { Db } from '../db/client.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { creditWallet } from '../modules/wallet/wallet.ts';
import { AdminError } from './admin-error.ts';

/** Credits a player's wallet in site currency by hand (support, tests), with a ledger row naming the operator. */
export async function grantBalance({ db, login, amount, operator }: { db: Db; login: string; amount: number; operator: string }) {
  if (!Number.isFinite(amount) || amount <= 0 || amount > 10_000_000) throw new AdminError(`amount must be a number between 0.01 and 10000000, got ${amount}`);
  const minor = toMinor(amount);
  if (minor <= 0) throw new AdminError(`amount must be at least 0.01, got ${amount}`);
  return db.transaction(async (tx) => {
    const userId = await findUserIdByLogin(tx, login);
    if (!userId) throw new AdminError(`no player with login "${login}"`);
    const balance = await creditWallet({ tx, userId, amount: minor, reason: 'operator_grant', ref: `operator:${operator}`, meta: { operator } });
    return { user_id: userId, login, granted: toUnits(minor), balance: toUnits(balance) };
  });
}
