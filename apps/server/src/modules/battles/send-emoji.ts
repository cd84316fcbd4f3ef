import { and, eq } from 'drizzle-orm';
import type { EmojiMessage } from '@store/shared/api/battles';
import type { Db } from '../../db/client.ts';
import { battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { findBattle } from './load-battles.ts';

/** A seated player's reaction, shown by their seat; spectators watch but do not send. */
export async function sendEmoji(opts: { db: Db; userId: number; ulid: string; content: string }): Promise<EmojiMessage> {
  const battle = await findBattle(opts.db, opts.ulid);
  const [seat] = await opts.db
    .select({ seat: battleSeats.seat })
    .from(battleSeats)
    .where(and(eq(battleSeats.battleId, battle.id), eq(battleSeats.userId, opts.userId)));
  if (!seat) throw new AppError('battle_not_member');
  if (battle.status === 'cancelled') throw new AppError('battle_cancelled');
  return { battle_ulid: battle.ulid, content: opts.content, member_id: seat.seat };
}
