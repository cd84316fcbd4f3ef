import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { sendItemsBody, sendItemsResult, tradeIdResult } from '@store/shared/api/withdrawals';
import { idParam } from '@store/shared/api/common';
import { z } from 'zod';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { ITEM_TYPE } from '@store/shared/constants';
import { STEAM_DATA_ERRORS } from '@store/shared/steam';
import { creditItems, itemKeys } from '../inventory/credit-items.ts';
import { sendItems } from './send-items.ts';
import { withdrawals } from './schema.ts';
import { TradeLinkChecks } from './trade-link-checks.ts';

/**
 * Withdrawal to Steam (decision 018): start one (`senditem`) and read an item's trade offer. The
 * purchases and their follow-up are the `WithdrawalWorker`'s, run as this module's job (module.ts).
 */
export async function withdrawalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue, clock } = app.deps;
  const tags = ['inventory'];
  const tradeLinks = new TradeLinkChecks(app.deps.vendor, () => clock.now().getTime());

  /**
   * Skins go to the withdrawal queue; balance credits are paid into the balance instead (spec §4,
   * decision 019); a pack is unpacked first. One call takes one kind.
   */
  r.post(
    '/api/v1/inventory/senditem',
    {
      config: { errors: ['invalidItem', 'item_locked_until_deposit', 'inWithdrawalProcess', ...STEAM_DATA_ERRORS, 'steam_trade_ban', 'steam_trade_link_expired', 'tooManyWithdrawals', 'steamLogin'] },
      schema: { tags, summary: 'Withdraw items to Steam (by trade link or Steam login), or pay balance credits into the balance', body: sendItemsBody, response: okResponse(sendItemsResult) },
    },
    async (req) => {
      const user = requireUser(req);
      const types = new Set((await itemKeys(db, user.id, req.body.ids)).map((i) => catalogue.item(i.key).type));
      if (types.has(ITEM_TYPE.credit)) {
        if (types.size > 1) throw new AppError('invalidItem');
        return ok(await creditItems(db, { userId: user.id, ids: req.body.ids }));
      }
      const result = await sendItems(db, { userId: user.id, ids: req.body.ids, method: req.body.method, catalogue, now: clock.now(), tradeLinks });
      app.deps.withdrawalWorker.wake();
      return ok(result);
    },
  );

  r.get('/api/v1/inventory/:id/trade_id', { config: { errors: ['dataNotFound'] }, schema: { tags, summary: "The trade offer and deadline of an item's latest withdrawal", params: z.object({ id: idParam }), response: okResponse(tradeIdResult) } }, async (req) => {
    const user = requireUser(req);
    const [w] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.itemId, req.params.id), eq(withdrawals.userId, user.id)))
      .orderBy(desc(withdrawals.id))
      .limit(1);
    if (!w) throw new AppError('dataNotFound');
    return ok({ trade_id: w.tradeId, send_until: w.sendUntil?.toISOString() ?? null, state: w.state as never });
  });
}
