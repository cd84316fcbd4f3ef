import { toMinor } from '@store/shared/money';
import type { Db } from '../db/client.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { adjustBalance, MAX_ADJUSTMENT } from '../modules/operators/adjust-balance.ts';
import { AdminError } from './admin-error.ts';

/**
 * Credits a player's wallet in site currency by hand (support, tests): the console's balance
 * adjustment (`adjustBalance`), with a ledger row and an audit row naming the operator.
 */
export async function grantBalance({
  db,
  login,
  amount,
  operator,
  reason,
}: {
  db: Db;
  login: string;
  amount: number;
  operator: string;
  reason?: string;
}) {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_ADJUSTMENT)
    throw new AdminError(`amount must be a number between 0.01 and ${MAX_ADJUSTMENT}, got ${amount}`);
  if (toMinor(amount) <= 0) throw new AdminError(`amount must be at least 0.01, got ${amount}`);
  const userId = await findUserIdByLogin(db, login);
  if (!userId) throw new AdminError(`no player with login "${login}"`);
  const done = await adjustBalance({
    db,
    userId,
    amount,
    reason: reason ?? 'grant from npm run admin',
    operator: { id: null, name: operator },
  });
  return { user_id: userId, login, granted: done.amount, balance: done.balance };
}
