import { z } from 'zod';
import { MAX_WITHDRAW_ITEMS, WITHDRAWAL_STATES } from '../withdrawals.ts';
import { idParam } from './common.ts';

/** POST /api/v1/inventory/senditem (spec §7): at most ten items, by trade link or Steam login. */
export const sendItemsBody = z.object({ ids: z.array(idParam).min(1).max(MAX_WITHDRAW_ITEMS), method: z.enum(['trade', 'login']).default('trade') }).strict();
export const sendItemsResult = z.object({ ids: z.array(z.number()), timer_ends_at: z.string(), status: z.literal('PREPARING') });

/** GET /api/v1/inventory/{id}/trade_id: the trade offer the seller sent, once sent. */
export const tradeIdResult = z.object({ trade_id: z.string().nullable(), send_until: z.string().nullable(), state: z.enum(WITHDRAWAL_STATES) });
