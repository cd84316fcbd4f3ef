import { hashServerSeed, randomSeedHex } from '@store/shared/provably-fair';
import type { Executor } from '../../db/client.ts';
import { seedPairs } from '../../db/schema.ts';

/**
 * A player's seed pair: the server seed stays secret (only its sha256 is shown) until rotated;
 * the nonce is advanced by the database as it rolls (see store_open_case).
 */
export async function createSeedPair(tx: Executor, userId: number, clientSeed = randomSeedHex(8)) {
  const serverSeed = randomSeedHex(32);
  await tx.insert(seedPairs).values({ userId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed });
}
