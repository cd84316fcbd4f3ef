import { and, eq } from 'drizzle-orm';
import type { BattleWinningsResponse } from '@store/shared/api/battles';
import { toUnits } from '@store/shared/money';
import type { SellResponse } from '@store/shared/api/inventory';
import type { Db } from '../../db/client.ts';
import { battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { heldFromSource } from '../inventory/list-inventory.ts';
import { sellItems } from '../inventory/sell-items.ts';
import { findBattle } from './load-battles.ts';
import { battleRef } from './lock-battle.ts';
import type { IdempotencyKey } from '../wallet/idempotency.ts';

/**
 * Sells everything a player won in a battle and still holds, in one conditional sale: items
 * already sold or staked elsewhere are simply not part of it, and a second call sells nothing.
 */
export async function sellWinnings(opts: { db: Db; userId: number; ulid: string; idempotencyKey?: IdempotencyKey }): Promise<SellResponse> {
  const battle = await findBattle(opts.db, opts.ulid);
  const seated = await opts.db
    .select({ seat: battleSeats.seat })
    .from(battleSeats)
    .where(and(eq(battleSeats.battleId, battle.id), eq(battleSeats.userId, opts.userId)));
  if (!seated.length) throw new AppError('battle_not_member');
  if (battle.status !== 'finished') throw new AppError(battle.status === 'cancelled' ? 'battle_cancelled' : 'battle_started');
  return sellItems({ db: opts.db, userId: opts.userId, selection: { sourceRef: battleRef(battle.ulid) }, idempotencyKey: opts.idempotencyKey });
}

/**
 * What a player won in a battle and still holds (not sold, staked or withdrawn since): the battle
 * page offers to sell exactly that, and after a reload no longer offers what is gone.
 * Someone who had no seat holds nothing from it.
 */
export async function unsoldWinnings(opts: { db: Db; userId: number; ulid: string }): Promise<BattleWinningsResponse> {
  const battle = await findBattle(opts.db, opts.ulid);
  const held = await heldFromSource(opts.db, opts.userId, battleRef(battle.ulid));
  return { items: held.items, price: toUnits(held.price) };
}
