import { firstFreeSeat } from '@store/shared/battle';
import type { Db } from '../../db/client.ts';
import { battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { debitWallet } from '../wallet/wallet.ts';
import { beginBattle } from './begin-battle.ts';
import { battleRef, lockOpenBattle } from './lock-battle.ts';
import type { BattleMode } from '@store/shared/battle';

export interface JoinOutcome {
  /** The player's balance after paying, minor units. */
  balance: number;
  /** When round 1 is due, if this join filled the last seat. */
  startsAt: Date | null;
}

/**
 * Seats a player in a waiting battle and takes the battle's price from their wallet, under the
 * battle's row lock: of many players racing for the last seat one gets it and the others are
 * refused before any money moves. The join that fills the last seat starts the battle.
 */
export async function joinBattle(opts: { db: Db; userId: number; ulid: string; seat?: number; roundMs: number; idempotencyKey?: IdempotencyKey }): Promise<JoinOutcome> {
  const { db, userId, ulid } = opts;
  const { value } = await runOnce(db, { userId, key: opts.idempotencyKey, route: 'battle_join' }, async (tx) => {
    const { battle, seats } = await lockOpenBattle(tx, ulid);
    if (seats.some((s) => s.userId === userId)) throw new AppError('battle_already_joined');
    const taken = seats.map((s) => s.seat);
    let seat: number;
    if (opts.seat !== undefined) {
      if (opts.seat > battle.seats) throw new AppError('validation');
      if (taken.includes(opts.seat)) throw new AppError('battle_seat_taken');
      seat = opts.seat;
    } else {
      const free = firstFreeSeat(battle.mode as BattleMode, taken);
      if (free === null) throw new AppError('battle_full');
      seat = free;
    }
    const balance = await debitWallet({ tx, userId, amount: battle.price, reason: 'battle_join', ref: battleRef(ulid), meta: { seat } }, 'error_not_enough_funds_for_battle');
    await tx.insert(battleSeats).values({ battleId: battle.id, seat, userId, paid: battle.price });
    const full = seats.length + 1 === battle.seats;
    const startsAt = full ? await beginBattle(tx, battle, opts.roundMs) : null;
    return { balance, startsAt };
  });
  return { balance: value.balance, startsAt: value.startsAt ? new Date(value.startsAt) : null };
}
