import { z } from 'zod';

/** Wire amounts are site-currency units with at most 2 decimals; the server keeps minor units. */
export const amount = z.number();

export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data });

/** Where a paged list is: the page asked, its size, the total and the last page (spec: the raffle's `paginator`). */
export const paginator = z.object({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() });
export type Paginator = z.infer<typeof paginator>;

/**
 * A list the spec says is a list (`data` an array), paged: the paginator sits beside `data` in
 * the envelope, so a client that reads `data` as the list still reads it.
 */
export const pagedEnvelope = <T extends z.ZodType>(item: T) => z.object({ status: z.literal(true), data: z.array(item), paginator });

export const errorEnvelope = z.object({
  status: z.literal(false),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const localized = z.object({ ru: z.string(), en: z.string() });

/** Query booleans come as "1"/"true"/"0"/"false". */
export const queryBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/** Query arrays are comma-joined (spec §7). */
export const queryList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));

export const idParam = z.coerce.number().int().positive().max(2 ** 31 - 1);

/**
 * What a player needs to recompute a roll with the formula of DESIGN: the hash of the server
 * seed (revealed on rotation), the client seed, the nonce and cursor, and the ticket it gave.
 */
export const fairRoll = z.object({
  ticket: z.number(),
  nonce: z.number(),
  cursor: z.number(),
  client_seed: z.string(),
  server_seed_hash: z.string(),
});
export type FairRoll = z.infer<typeof fairRoll>;

/** A player as other players see them in history lists and live feeds. */
export const publicPlayer = z.object({ id: z.number(), nickname: z.string(), avatar: z.string() });

/** Whose history a list shows: the signed-in player's own, or everybody's. */
export const historyScope = z.enum(['mine', 'all']);

/** A page of a list: the items, how many there are in all, and which page this is. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), per_page: z.number() });
