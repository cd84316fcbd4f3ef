import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { SITE_CURRENCY, type WalletCurrency } from '@store/shared/constants';
import type { Executor, Tx } from '../../db/client.ts';
import { ledger, wallets } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { ErrorCode } from '@store/shared/errors';

/**
 * The only way money moves: one conditional statement on the wallet row and a ledger row in
 * the same transaction. A debit never reads-then-writes, so concurrent debits cannot both
 * pass a balance check that only one of them can afford.
 */
interface Movement {
  tx: Tx;
  userId: number;
  amount: number;
  reason: string;
  ref: string;
  currency?: WalletCurrency;
  meta?: Record<string, unknown>;
}

export async function debitWallet({ tx, userId, amount, reason, ref, currency = SITE_CURRENCY, meta }: Movement, insufficient: ErrorCode = 'balance_error'): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`bad debit amount ${amount}`);
  const rows = await tx
    .update(wallets)
    .set({ amount: sql`${wallets.amount} - ${amount}` })
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency), gte(wallets.amount, amount)))
    .returning({ amount: wallets.amount });
  const after = rows[0]?.amount;
  if (after === undefined) throw new AppError(insufficient);
  if (amount > 0) await tx.insert(ledger).values({ userId, currency, delta: -amount, balanceAfter: after, reason, ref, meta });
  return after;
}

/**
 * The one debit that may take a balance below zero (decision 072): money that already left, a
 * deposit refunded or charged back after it was spent. The debt stays on the wallet, in the
 * ledger, and in the operators' list of players in debt; later credits pay it off first.
 */
export async function debitIntoDebt({ tx, userId, amount, reason, ref, currency = SITE_CURRENCY, meta }: Movement): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`bad debit amount ${amount}`);
  const rows = await tx
    .insert(wallets)
    .values({ userId, currency, amount: -amount })
    .onConflictDoUpdate({ target: [wallets.userId, wallets.currency], set: { amount: sql`${wallets.amount} - ${amount}` } })
    .returning({ amount: wallets.amount });
  const after = rows[0]!.amount;
  await tx.insert(ledger).values({ userId, currency, delta: -amount, balanceAfter: after, reason, ref, meta });
  return after;
}

/** Players whose wallet is below zero, deepest debt first, for the operator console. */
export async function listDebtors(db: Executor, o: { currency?: WalletCurrency; limit: number }) {
  return db
    .select({ userId: wallets.userId, currency: wallets.currency, amount: wallets.amount })
    .from(wallets)
    .where(and(eq(wallets.currency, o.currency ?? SITE_CURRENCY), lt(wallets.amount, 0)))
    .orderBy(wallets.amount)
    .limit(o.limit);
}

export async function creditWallet({ tx, userId, amount, reason, ref, currency = SITE_CURRENCY, meta }: Movement): Promise<number> {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`bad credit amount ${amount}`);
  const rows = await tx
    .insert(wallets)
    .values({ userId, currency, amount })
    .onConflictDoUpdate({ target: [wallets.userId, wallets.currency], set: { amount: sql`${wallets.amount} + ${amount}` } })
    .returning({ amount: wallets.amount });
  const after = rows[0]!.amount;
  if (amount > 0) await tx.insert(ledger).values({ userId, currency, delta: amount, balanceAfter: after, reason, ref, meta });
  return after;
}

export async function getBalance(db: Executor, userId: number, currency: WalletCurrency = SITE_CURRENCY): Promise<number> {
  const rows = await db
    .select({ amount: wallets.amount })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)));
  return rows[0]?.amount ?? 0;
}

export async function getBalances(db: Executor, userId: number): Promise<Record<string, number>> {
  const rows = await db.select({ currency: wallets.currency, amount: wallets.amount }).from(wallets).where(eq(wallets.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.currency, r.amount]));
}

/** Opens the wallets a new player starts with, at zero. */
export async function openWallets(tx: Tx, userId: number, currencies: readonly WalletCurrency[]) {
  await tx.insert(wallets).values(currencies.map((currency) => ({ userId, currency, amount: 0 }))).onConflictDoNothing();
}

/**
 * A player's ledger, newest first, a page at a time, for the operator console: each row with the
 * wallet's balance right after it (the running balance) and the reference of what moved the money.
 */
export async function listLedger(db: Executor, o: { userId: number; currency?: WalletCurrency; page: number; perPage: number }) {
  const where = and(eq(ledger.userId, o.userId), o.currency ? eq(ledger.currency, o.currency) : undefined);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(ledger)
      .where(where)
      .orderBy(desc(ledger.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(ledger).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
