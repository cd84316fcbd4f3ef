import { and, eq } from 'drizzle-orm';
import { battleRefunds } from '@store/shared/battle';
import type { Db, Tx } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { creditWallet, getBalance } from '../wallet/wallet.ts';
import type { BattleRow } from './load-battles.ts';
import { battleRef, lockOpenBattle } from './lock-battle.ts';

/**
 * Cancels a waiting battle inside the caller's transaction (which holds its lock): each seated
 * player gets back exactly what they paid, through the ledger, and the battle is `cancelled`.
 */
async function cancelLocked(tx: Tx, battle: BattleRow, seats: (typeof battleSeats.$inferSelect)[]) {
  for (const refund of battleRefunds(seats.map((s) => ({ userId: s.userId, paid: s.paid - s.refunded })))) {
    await creditWallet({ tx, userId: refund.userId, amount: refund.amount, reason: 'battle_refund', ref: battleRef(battle.ulid), meta: { cancelled: true } });
  }
  await tx.update(battleSeats).set({ refunded: battleSeats.paid }).where(eq(battleSeats.battleId, battle.id));
  await tx.update(battles).set({ status: 'cancelled', nextRoundAt: null }).where(and(eq(battles.id, battle.id), eq(battles.status, 'created')));
}

/** The creator calls a waiting battle off: everyone is refunded. */
export async function cancelBattle(opts: { db: Db; userId: number; ulid: string }): Promise<number> {
  return opts.db.transaction(async (tx) => {
    const { battle, seats } = await lockOpenBattle(tx, opts.ulid);
    if (battle.creatorId !== opts.userId) throw new AppError('battle_not_creator');
    await cancelLocked(tx, battle, seats);
    return getBalance(tx, opts.userId);
  });
}

/**
 * A player leaves a waiting battle and gets their stake back; their seat is free again. The
 * creator leaving calls the whole battle off, since it was theirs.
 */
export async function leaveBattle(opts: { db: Db; userId: number; ulid: string }): Promise<{ balance: number; cancelled: boolean }> {
  return opts.db.transaction(async (tx) => {
    const { battle, seats } = await lockOpenBattle(tx, opts.ulid);
    const mine = seats.find((s) => s.userId === opts.userId);
    if (!mine) throw new AppError('battle_not_member');
    if (battle.creatorId === opts.userId) {
      await cancelLocked(tx, battle, seats);
      return { balance: await getBalance(tx, opts.userId), cancelled: true };
    }
    await tx.delete(battleSeats).where(and(eq(battleSeats.battleId, battle.id), eq(battleSeats.seat, mine.seat)));
    const balance = await creditWallet({ tx, userId: opts.userId, amount: mine.paid - mine.refunded, reason: 'battle_refund', ref: battleRef(battle.ulid), meta: { seat: mine.seat } });
    return { balance, cancelled: false };
  });
}
