import { checkClientSeed, hashServerSeed, randomSeedHex } from '@store/shared/provably-fair';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
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

type PairRow = typeof seedPairs.$inferSelect;

const presentCurrent = (p: PairRow) => ({ server_seed_hash: p.serverSeedHash, client_seed: p.clientSeed, next_nonce: p.nonce + 1, created_at: p.createdAt.toISOString() });
const presentRevealed = (p: PairRow) => ({
  id: p.id,
  server_seed: p.serverSeed,
  server_seed_hash: p.serverSeedHash,
  client_seed: p.clientSeed,
  last_nonce: p.nonce,
  created_at: p.createdAt.toISOString(),
  revealed_at: (p.revealedAt ?? p.createdAt).toISOString(),
});

/** The player's active pair, made first if the player has none. */
async function activePair(tx: Tx, userId: number): Promise<PairRow> {
  const read = () => tx.select().from(seedPairs).where(and(eq(seedPairs.userId, userId), eq(seedPairs.active, true)));
  let rows = await read();
  if (!rows.length) {
    const serverSeed = randomSeedHex(32);
    await tx.insert(seedPairs).values({ userId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: randomSeedHex(8) }).onConflictDoNothing();
    rows = await read();
  }
  return rows[0]!;
}

/** GET seeds: the pair the player's next rolls use, before any play (the server seed only as its hash). */
export async function readCurrentSeed(db: Db, userId: number) {
  return { current: presentCurrent(await db.transaction((tx) => activePair(tx, userId))) };
}

/**
 * The player's own client seed, from the next roll on: a roll already made keeps the client seed
 * it stored. Refused (`clientSeedInvalid`) unless 1 to 64 Latin letters, digits, `_` or `-`.
 */
export async function setClientSeed(db: Db, userId: number, clientSeed: string) {
  const bad = checkClientSeed(clientSeed);
  if (bad) throw new AppError(bad);
  return db.transaction(async (tx) => {
    const pair = await activePair(tx, userId);
    const [updated] = await tx.update(seedPairs).set({ clientSeed }).where(and(eq(seedPairs.id, pair.id), eq(seedPairs.active, true))).returning();
    return { current: presentCurrent(updated ?? pair) };
  });
}

/**
 * Rotation: the active pair is retired and its server seed revealed, and a new pair starts with
 * the same client seed, in one transaction. Refused (`seedRotationInGame`) while one of the
 * player's games is in flight: a techies game in play would have its layout given away. The
 * check runs after the pair's row is locked, so a game that rolled with the pair has committed
 * and is seen; a roll running at the same moment waits on the row and then rolls with the new
 * pair, so no roll ever uses a revealed seed.
 */
export async function rotateSeed(db: Db, userId: number, inFlight: (tx: Tx) => Promise<boolean>) {
  return db.transaction(async (tx) => {
    const pair = await activePair(tx, userId);
    const [retired] = await tx
      .update(seedPairs)
      .set({ active: false, revealedAt: new Date() })
      .where(and(eq(seedPairs.id, pair.id), eq(seedPairs.active, true)))
      .returning();
    if (!retired || (await inFlight(tx))) throw new AppError('seedRotationInGame');
    const serverSeed = randomSeedHex(32);
    const [next] = await tx.insert(seedPairs).values({ userId, serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: retired.clientSeed }).returning();
    return { revealed: presentRevealed(retired), current: presentCurrent(next!) };
  });
}

/** The player's revealed pairs, newest first. */
export async function listRevealedSeeds(db: Executor, userId: number, page: number, perPage: number) {
  const where = and(eq(seedPairs.userId, userId), eq(seedPairs.active, false));
  const [rows, [total]] = await Promise.all([
    db.select().from(seedPairs).where(where).orderBy(desc(seedPairs.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ n: count() }).from(seedPairs).where(where),
  ]);
  return { items: rows.map(presentRevealed), total: Number(total?.n ?? 0), page, per_page: perPage };
}

/** The server seeds of pairs that were rotated away, by pair id; a pair still active is absent (its seed stays secret). */
export async function revealedServerSeeds(db: Executor, pairIds: readonly number[]): Promise<Map<number, string>> {
  if (!pairIds.length) return new Map();
  const found = await db
    .select({ id: seedPairs.id, serverSeed: seedPairs.serverSeed })
    .from(seedPairs)
    .where(and(inArray(seedPairs.id, [...new Set(pairIds)]), isNotNull(seedPairs.revealedAt)));
  return new Map(found.map((p) => [p.id, p.serverSeed]));
}
