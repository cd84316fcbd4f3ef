import type { Db } from '../../db/client.ts';
import { battleSeats } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { beginBattle } from './begin-battle.ts';
import { lockOpenBattle } from './lock-battle.ts';

/** The creator starts a waiting battle now: every empty seat gets a bot, which pays nothing. */
export async function startBattle(opts: { db: Db; userId: number; ulid: string; roundMs: number }): Promise<Date> {
  return opts.db.transaction(async (tx) => {
    const { battle, seats } = await lockOpenBattle(tx, opts.ulid);
    if (battle.creatorId !== opts.userId) throw new AppError('battle_not_creator');
    const taken = new Set(seats.map((s) => s.seat));
    const bots = [];
    for (let seat = 1; seat <= battle.seats; seat++) if (!taken.has(seat)) bots.push({ battleId: battle.id, seat, userId: null, isBot: true });
    if (bots.length) await tx.insert(battleSeats).values(bots);
    return beginBattle(tx, battle, opts.roundMs);
  });
}
