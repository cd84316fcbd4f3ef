import { z } from 'zod';

/** The pair a player's next rolls use: the server seed only as its hash, the client seed, the nonce the next roll takes. */
export const currentSeed = z.object({ server_seed_hash: z.string(), client_seed: z.string(), next_nonce: z.number(), created_at: z.string() });
/** A pair that was rotated away: its server seed shown, and the last nonce rolled with it (0: none). */
export const revealedSeed = z.object({
  id: z.number(),
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  last_nonce: z.number(),
  created_at: z.string(),
  revealed_at: z.string(),
});
export type RevealedSeed = z.infer<typeof revealedSeed>;

/** GET /api/v1/provably-fair/seeds: the current pair, readable before any play. */
export const seedsResult = z.object({ current: currentSeed });
export type SeedsResult = z.infer<typeof seedsResult>;

/** POST /api/v1/provably-fair/client-seed: the player's own client seed, used from the next roll. */
export const clientSeedBody = z.object({ client_seed: z.string().max(200) }).strict();

/** POST /api/v1/provably-fair/rotate: the old server seed revealed, a new pair started with the same client seed. */
export const rotateResult = z.object({ revealed: revealedSeed, current: currentSeed });
export type RotateResult = z.infer<typeof rotateResult>;

/** GET /api/v1/provably-fair/seeds/revealed?page=: the player's rotated pairs, newest first. */
export const revealedQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per_page: z.coerce.number().int().min(1).max(100).default(20) });
export const revealedResult = z.object({ items: z.array(revealedSeed), total: z.number(), page: z.number(), per_page: z.number() });
export type RevealedResult = z.infer<typeof revealedResult>;
