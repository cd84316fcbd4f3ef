import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inventoryQuery, inventoryResponse, sellManyBody, sellOneBody, sellResponse } from '@store/shared/api/inventory';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { listInventory } from './list-inventory.ts';
import { sellItems, type SellSelection } from './sell-items.ts';

export async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue } = app.deps;

  r.get('/api/v1/inventory/get', { schema: { tags: ['inventory'], querystring: inventoryQuery, response: okResponse(inventoryResponse) } }, async (req) =>
    ok(await listInventory({ db, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null })),
  );

  const sell = (req: FastifyRequest, selection: SellSelection) =>
    sellItems({ db, userId: requireUser(req).id, selection, idempotencyKey: idempotencyKey(req) });

  r.post('/api/v1/inventory/sell', { schema: { tags: ['inventory'], body: sellOneBody, response: okResponse(sellResponse) } }, async (req) =>
    ok(await sell(req, { ids: [req.body.id] })),
  );
  r.post('/api/v1/inventory/sell/many', { schema: { tags: ['inventory'], body: sellManyBody, response: okResponse(sellResponse) } }, async (req) =>
    ok(await sell(req, { ids: req.body.ids })),
  );
  r.post('/api/v1/inventory/sell/all', { schema: { tags: ['inventory'], body: z.object({}).strict().optional(), response: okResponse(sellResponse) } }, async (req) =>
    ok(await sell(req, { all: true })),
  );
}
