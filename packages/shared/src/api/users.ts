import { z } from 'zod';
import { amount } from './common.ts';
import { levelInfo } from './levels.ts';
import { OPERATOR_ROLES } from '../operators.ts';

export { levelInfo, type LevelInfoWire } from './levels.ts';

const statistic = z.object({
  cases: z.object({ opened: z.number() }),
  finance: z.object({ spent: amount, profit: amount.optional() }),
});

/** Another player's profile: never the wallet, e-mail, IP or Steam data. */
export const publicUser = z.object({
  user_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  created_at: z.string(),
  level: z.number(),
  statistic,
});
export type PublicUser = z.infer<typeof publicUser>;

export const me = publicUser.extend({
  admin: z.boolean(),
  /** The operator role (`support`, `admin`) or null for a player; the owner's own record only, so the web shows the console to operators (decision 029). */
  role: z.enum(OPERATOR_ROLES).nullable(),
  reg_type: z.string(),
  is_fake: z.boolean(),
  is_bot: z.boolean(),
  login: z.string(),
  language: z.enum(['ru', 'en']),
  finance: z.object({
    balance: amount,
    currency: z.string(),
    coin_balance: amount,
    total_amount_items: amount,
  }),
  personal: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    /** The address the account was registered from (spec §3), shown to its owner only. */
    ip: z.string().nullable(),
    email_confirmed: z.boolean(),
  }),
  /** The trade link and Steam login for withdrawals; `id` is the SteamID64 of a linked Steam sign-in. */
  steam: z.object({ link: z.string().nullable(), login: z.string().nullable(), id: z.string().nullable() }),
  /** The promo code attached to the account (spec §3), applied to the next top-up; null when none. */
  promo: z.string().nullable(),
  /**
   * The level object, and for its owner only whether a first deposit was made: before one, the
   * starting level cannot be generated (`level_generation_needs_deposit`), so the web offers the top-up instead.
   */
  levels: levelInfo.extend({ first_deposit_made: z.boolean() }),
});
export type Me = z.infer<typeof me>;

export const userIdParams = z.object({ userId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export const realtimeTokenResponse = z.object({ centryfugo_key: z.string(), channel: z.string() });

/**
 * POST /api/v1/users/set/steam/data (spec §5, §7): the trade link, the Steam login, or both; each
 * given one is checked by `checkTradeUrl` / `checkSteamLogin` on the server, an empty string clears
 * nothing and is refused with its code.
 */
export const steamDataBody = z
  .object({ link: z.string().max(300).optional(), login: z.string().max(100).optional() })
  .strict()
  .refine((b) => b.link !== undefined || b.login !== undefined, { message: 'link or login' });
export const steamDataResult = z.object({ steam: z.object({ link: z.string().nullable(), login: z.string().nullable() }), message: z.literal('steam_data_saved_successfully') });
