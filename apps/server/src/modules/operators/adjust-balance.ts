import { SITE_CURRENCY, type WalletCurrency } from '@store/shared/constants';
import { toMinor, toUnits } from '@store/shared/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { userExists } from '../users/accounts.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { creditWallet, debitWallet } from '../wallet/wallet.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';

/** The largest adjustment either way, in wallet units (a typo guard, the same as `grant`'s). */
export const MAX_ADJUSTMENT = 10_000_000;

/**
 * Credits or debits a player's wallet by hand: the console's balance call and `npm run admin --
 * grant` both come here. One conditional wallet statement with its ledger row naming the operator
 * and the reason, and the audit row, in one transaction; a debit never takes the wallet below zero
 * (the catalogue's insufficient-balance code). With an Idempotency-Key (the operator's own, like
 * a player's), a retry returns the first result and moves nothing. An operator moves only a lower
 * role's money, never their own (decision 059).
 */
export async function adjustBalance(o: {
  db: Db;
  userId: number;
  /** Signed, in wallet units with at most 2 decimals. */
  amount: number;
  currency?: WalletCurrency;
  reason: string;
  operator: Operator;
  idempotencyKey?: IdempotencyKey;
}) {
  const currency = o.currency ?? SITE_CURRENCY;
  const minor = toMinor(o.amount);
  if (!Number.isFinite(o.amount) || minor === 0 || Math.abs(o.amount) > MAX_ADJUSTMENT) throw new AppError('amount_invalid');
  // The key belongs to the operator who sent it; its fingerprint holds the player and the body.
  const key = o.operator.id === null ? undefined : o.idempotencyKey;
  const { value } = await runOnce(o.db, { userId: o.operator.id ?? 0, key, route: 'operator_balance' }, async (tx) => {
    if (!(await userExists(tx, o.userId))) throw new AppError('userNotFound');
    await refuseUnlessOutranks(tx, o.operator, o.userId);
    const movement = {
      tx,
      userId: o.userId,
      amount: Math.abs(minor),
      currency,
      // The reason a credit always had (`operator_grant`), and its twin for a debit.
      reason: minor > 0 ? 'operator_grant' : 'operator_debit',
      ref: `operator:${o.operator.id ?? o.operator.name}`,
      meta: { operator: o.operator.name, operator_id: o.operator.id, reason: o.reason },
    };
    const balance =
      minor > 0 ? await creditWallet(movement) : await debitWallet(movement, currency === SITE_CURRENCY ? 'balance_error' : 'coins_error');
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'players.balance',
      target: { kind: 'player', id: o.userId },
      before: { currency, balance: toUnits(balance - minor) },
      after: { currency, balance: toUnits(balance) },
      reason: o.reason,
    });
    return { user_id: o.userId, currency, amount: toUnits(minor), balance: toUnits(balance), audit_id: auditId };
  });
  return value;
}
