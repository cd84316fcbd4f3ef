import { and, eq, sql } from 'drizzle-orm';
import { battleClientSeed } from '@store/shared/battle';
import type { Tx } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';
import { readClientSeed } from '../provably-fair/seeds.ts';
import type { BattleRow } from './load-battles.ts';

/**
 * Starts a battle whose seats are all taken (by players or bots), inside the caller's
 * transaction that holds the battle's lock: each player's own client seed is read into their
 * seat, the battle's client seed is fixed from them in seat order, and round 1 is scheduled
 * one round's pace ahead. From here the round runner owns the battle.
 */
export async function beginBattle(tx: Tx, battle: BattleRow, roundMs: number): Promise<Date> {
  const seats = await tx.select().from(battleSeats).where(eq(battleSeats.battleId, battle.id));
  if (seats.length !== battle.seats) throw new Error(`battle ${battle.ulid} has ${seats.length} of ${battle.seats} seats`);
  const seeded = [];
  for (const s of seats) {
    const clientSeed = s.userId === null ? null : await readClientSeed(tx, s.userId);
    if (clientSeed !== null) await tx.update(battleSeats).set({ clientSeed }).where(and(eq(battleSeats.battleId, battle.id), eq(battleSeats.seat, s.seat)));
    seeded.push({ seat: s.seat, clientSeed });
  }
  const [row] = await tx
    .update(battles)
    .set({
      status: 'started',
      clientSeed: battleClientSeed(seeded),
      startedAt: sql`now()`,
      nextRoundAt: sql`now() + ${`${roundMs} milliseconds`}::interval`,
    })
    .where(and(eq(battles.id, battle.id), eq(battles.status, 'created')))
    .returning({ nextRoundAt: battles.nextRoundAt });
  if (!row?.nextRoundAt) throw new Error(`battle ${battle.ulid} did not start`);
  return row.nextRoundAt;
}
