import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inventoryQuery, inventoryResponse, sellAllBody, sellManyBody, sellOneBody, sellResponse, type LiveSale, type SellDone } from '@store/shared/api/inventory';
import { LIVE_SALE_EVENT, SELL_DONE_EVENT, userChannel } from '@store/shared/channels';
import { requireUser } from '../../http/auth.ts';
import { toMinor } from '@store/shared/money';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { openPackBody, openPackResult, replacementBody, replacementResult, replacementsQuery, replacementsResult } from '@store/shared/api/withdrawals';
import { exchangeItem, listReplacements } from './exchange-item.ts';
import { listInventory } from './list-inventory.ts';
import { openPack } from './open-pack.ts';
import { sellItems, type SellSelection } from './sell-items.ts';

export async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue, bus, reveals } = app.deps;

  r.get('/api/v1/inventory/get', { config: { caller: 'self-or-named', errors: ['userNotFound'] }, schema: { tags: ['inventory'], summary: "A player's items (`user_id`, else the signed-in player's), filtered and paged", querystring: inventoryQuery, response: okResponse(inventoryResponse) } }, async (req) =>
    ok(await listInventory({ db, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null, revealMs: reveals.delayMs('case') })),
  );

  /** Sells, then tells the seller's other tabs (spec §4 Sale aggregation): one `live_sale`, then `sell_done`. */
  const sell = async (req: FastifyRequest, selection: SellSelection) => {
    const userId = requireUser(req).id;
    const result = await sellItems({ db, userId, selection, idempotencyKey: idempotencyKey(req) });
    if (result.sold.length) {
      const channel = userChannel(userId);
      bus.publish(channel, LIVE_SALE_EVENT, { type: 'sell', user: userId, money: result.amount, price: result.amount, utastycoin: 0, items: result.sold } satisfies LiveSale);
      bus.publish(channel, SELL_DONE_EVENT, { balance: result.balance, total_amount_items: result.total_amount_items } satisfies SellDone);
    }
    return result;
  };

  r.post('/api/v1/inventory/sell', { config: { caller: 'player', errors: ['invalidItem', 'invalidUser', 'item_locked_until_deposit', 'idempotency_key_reused'] }, schema: { tags: ['inventory'], summary: 'Sell one item for its price to the balance', body: sellOneBody, response: okResponse(sellResponse) } }, async (req) =>
    ok(await sell(req, { ids: [req.body.id] })),
  );
  r.post('/api/v1/inventory/sell/many', { config: { caller: 'player', errors: ['invalidItem', 'invalidUser', 'item_locked_until_deposit', 'idempotency_key_reused'] }, schema: { tags: ['inventory'], summary: 'Sell the chosen items, all or none', body: sellManyBody, response: okResponse(sellResponse) } }, async (req) =>
    ok(await sell(req, { ids: req.body.ids })),
  );
  r.get('/api/v1/inventory/get/replacements', { config: { errors: ['invalidItem', 'item_locked_until_deposit'] }, schema: { tags: ['inventory'], summary: 'The skins a held skin may be exchanged for, closest in price first', querystring: replacementsQuery, response: okResponse(replacementsResult) } }, async (req) =>
    ok(await listReplacements(db, { userId: requireUser(req).id, id: req.query.id, catalogue, lang: langOf(req) })),
  );
  r.post('/api/v1/inventory/replacement', { config: { errors: ['invalidItem', 'item_locked_until_deposit'] }, schema: { tags: ['inventory'], summary: 'Exchange a held skin for one of its replacements; a cheaper one pays the difference to the balance', body: replacementBody, response: okResponse(replacementResult) } }, async (req) =>
    ok(await exchangeItem(db, { userId: requireUser(req).id, id: req.body.id, key: req.body.item_id, catalogue, lang: langOf(req) })),
  );
  r.post('/api/v1/inventory/packs/open', { config: { errors: ['invalidItem'] }, schema: { tags: ['inventory'], summary: 'Unpack a held pack into its skins', body: openPackBody, response: okResponse(openPackResult) } }, async (req) =>
    ok(await openPack(db, { userId: requireUser(req).id, id: req.body.id, catalogue, lang: langOf(req) })),
  );
  r.post(
    '/api/v1/inventory/sell/all',
    {
      config: { caller: 'player', errors: ['inventory_changed', 'idempotency_key_reused'] },
      schema: { tags: ['inventory'], summary: 'Sell every item the player can sell (free drops wait for the first deposit); with the count and sum the player confirmed, only if they still match', body: sellAllBody, response: okResponse(sellResponse) },
    },
    async (req) => {
      const body = req.body ?? {};
      const expected = body.expected_count === undefined && body.expected_total === undefined ? undefined : { count: body.expected_count, total: body.expected_total === undefined ? undefined : toMinor(body.expected_total) };
      return ok(await sell(req, { all: true, expected }));
    },
  );
}
