import type { Executor } from '../../db/client.ts';
import { nicknamesOf } from '../users/accounts.ts';
import type { FairRoll } from './roll-next.ts';
import { revealedServerSeeds } from './seeds.ts';

/**
 * The common part of an outcome that rolled one ticket with a player's seed pair (upgrade,
 * contract): who, when, the seeds (the server seed once rotated away) and the roll.
 */
export async function singleRollOutcome(db: Executor, row: FairRoll & { id: number; userId: number; createdAt: Date }) {
  const [seeds, names] = await Promise.all([revealedServerSeeds(db, [row.seedPairId]), nicknamesOf(db, [row.userId])]);
  return {
    id: String(row.id),
    created_at: row.createdAt.toISOString(),
    player: { id: row.userId, nickname: names.get(row.userId) ?? '' },
    seed: { server_seed_hash: row.serverSeedHash, server_seed: seeds.get(row.seedPairId) ?? null, client_seed: row.clientSeed, nonce: row.nonce },
    rolls: [{ nonce: row.nonce, cursor: row.cursor, ticket: row.ticket }],
  };
}
