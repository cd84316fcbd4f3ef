import { hashServerSeed, randomSeedHex } from '@store/shared/provably-fair';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { seedPairs } from './schema.ts';

/**
 * A player's seed pair: the server seed stays secret (only its sha256 is shown) until rotated;
 * the nonce is advanced by the database as it rolls (see store_open_case).
 */
export async function createSeedPair(tx: Executor, userId: number, clientSeed = randomSeedHex(8)) {
  const serverSeed = randomSeedHex(32);
  await tx.insert(seedPairs).values({ userId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed });
}

export interface UsedSeed {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce this roll uses (the pair's nonce after the advance). */
  nonce: number;
}

/**
 * Takes the next nonce of the player's active pair inside the caller's transaction, the way
 * store_open_case does: one conditional update, so parallel rolls never share a nonce. A player
 * without a pair (created before pairs existed) gets one first.
 */
export async function advanceNonce(tx: Tx, userId: number): Promise<UsedSeed> {
  const advance = () =>
    tx
      .update(seedPairs)
      .set({ nonce: sql`${seedPairs.nonce} + 1` })
      .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)))
      .returning({ id: seedPairs.id, serverSeed: seedPairs.serverSeed, serverSeedHash: seedPairs.serverSeedHash, clientSeed: seedPairs.clientSeed, nonce: seedPairs.nonce });
  let rows = await advance();
  if (!rows.length) {
    const serverSeed = randomSeedHex(32);
    await tx
      .insert(seedPairs)
      .values({ userId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: randomSeedHex(8) })
      .onConflictDoNothing();
    rows = await advance();
  }
  if (!rows[0]) throw new Error(`no seed pair for user ${userId}`);
  return rows[0];
}

/**
 * The client seed of the player's active pair, which a battle takes into its own client seed
 * when it starts (DESIGN). A player without a pair gets one first.
 */
export async function readClientSeed(tx: Tx, userId: number): Promise<string> {
  const read = () =>
    tx
      .select({ clientSeed: seedPairs.clientSeed })
      .from(seedPairs)
      .where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  let rows = await read();
  if (!rows.length) {
    await createSeedPair(tx, userId);
    rows = await read();
  }
  return rows[0]!.clientSeed;
}
