import { rollTicket } from '@store/shared/provably-fair';
import type { Tx } from '../../db/client.ts';
import { advanceNonce } from './seeds.ts';

/** What a game row stores of its roll (the `fairRollColumns` of the schema), so anyone can recompute it. */
export interface FairRoll {
  seedPairId: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
  ticket: number;
}

/**
 * The next provably-fair ticket of a player, inside the game's transaction: takes the next nonce
 * of the active seed pair (parallel games never share one) and rolls cursor 0 with the formula
 * of DESIGN. Games that roll in TypeScript all go through here.
 */
export async function rollNext(tx: Tx, userId: number): Promise<FairRoll> {
  const seed = await advanceNonce(tx, userId);
  const cursor = 0;
  const ticket = rollTicket({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce, cursor });
  return { seedPairId: seed.id, serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nonce, cursor, ticket };
}

/** A stored roll as the API shows it. */
export const presentRoll = (row: Pick<FairRoll, 'ticket' | 'nonce' | 'cursor' | 'clientSeed' | 'serverSeedHash'>) => ({
  ticket: row.ticket,
  nonce: row.nonce,
  cursor: row.cursor,
  client_seed: row.clientSeed,
  server_seed_hash: row.serverSeedHash,
});
