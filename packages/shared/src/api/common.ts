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
 * The query of a GET that reads one player's records (`user_id`, else the caller's or everyone's).
 * A parameter it does not know is refused (`validation`, 400) rather than ignored, so a misspelt
 * player id is an error, not the caller's own records answered as if asked for. The spec's
 * camelCase names (`userId`, and `perPage` when `paging` is given) are read beside the snake_case
 * ones; both at once must agree.
 */
export function playerQuery<S extends z.ZodRawShape>(shape: S, paging?: { max: number; default: number }) {
  const player = idParam.optional();
  const size = z.coerce.number().int().min(1).max(paging?.max ?? 1).optional();
  const both = <T>(snake: T | undefined, camel: T | undefined) => snake === undefined || camel === undefined || snake === camel;
  return z
    .object({ ...shape, user_id: player, userId: player, ...(paging ? { per_page: size, perPage: size } : {}) })
    .strict()
    .superRefine((q: Record<string, unknown>, ctx) => {
      if (!both(q.user_id, q.userId)) ctx.addIssue({ code: 'custom', path: ['userId'], message: 'userId and user_id name different players' });
      if (!both(q.per_page, q.perPage)) ctx.addIssue({ code: 'custom', path: ['perPage'], message: 'perPage and per_page differ' });
    })
    .transform((q: Record<string, unknown>) => {
      const { userId, perPage, ...rest } = q;
      const paged = paging ? { per_page: (rest.per_page ?? perPage ?? paging.default) as number } : {};
      return { ...rest, user_id: (rest.user_id ?? userId) as number | undefined, ...paged } as z.output<z.ZodObject<S>> & { user_id?: number | undefined; per_page: number };
    });
}

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
