import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxMarketOrders } from '../schema.ts';
import { scenarioOf, stageAt } from './market-scenarios.ts';

/** Whole roubles the sandbox account always holds. */
const SANDBOX_BALANCE = 1_000_000;

const buyQuery = z.object({
  key: z.string(),
  hash_name: z.string().min(1).max(200),
  price: z.coerce.number().int().positive(),
  partner: z.string().regex(/^\d{1,20}$/),
  token: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  custom_id: z.string().min(1).max(100),
});
const listQuery = z.object({
  key: z.string(),
  'custom_id[]': z.union([z.string().min(1).max(100).transform((id) => [id]), z.array(z.string().min(1).max(100)).min(1).max(100)]),
});

/**
 * The sandbox marketplace (decision 018), served by the store itself so the real adapter
 * (`MarketCsgoClient`) runs end to end: the same calls, an API key, replies in the marketplace's
 * shapes, and its behaviours: delays, sellers who never send, items nobody sells, prices above the
 * ceiling, a lost reply, a failing status call. Orders are kept in its own table, so a restarted
 * store finds them as it would at a real marketplace. Mounted only when the vendor sandbox is on.
 */
export async function sandboxMarketRoutes(app: FastifyInstance, opts: { key: () => Promise<string>; scale: number }) {
  const { db, clock } = app.deps;
  const keyOk = async (given: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(await opts.key());
    return a.length === b.length && timingSafeEqual(a, b);
  };

  app.get('/sandbox/market/api/v2/buy-for', { schema: { hide: true } }, async (req, reply) => {
    const q = buyQuery.safeParse(req.query);
    if (!q.success) return reply.code(400).send({ success: false, error: 'bad_request' });
    if (!(await keyOk(q.data.key))) return reply.code(401).send({ success: false, error: 'bad_key' });
    const scenario = scenarioOf(q.data.token);
    if (scenario === 'unavail') return { success: false, error: 'no_offers' };
    if (scenario === 'pricey') return { success: false, error: 'price_too_high' };
    const [made] = await db
      .insert(sandboxMarketOrders)
      .values({ customId: q.data.custom_id, id: `${Date.now()}${Math.floor(Math.random() * 1e6)}`, hashName: q.data.hash_name, price: q.data.price, partner: q.data.partner, token: q.data.token, scenario, createdAt: clock.now() })
      .onConflictDoUpdate({ target: sandboxMarketOrders.customId, set: { requests: sql`${sandboxMarketOrders.requests} + 1` } })
      .returning({ id: sandboxMarketOrders.id, requests: sandboxMarketOrders.requests });
    // A custom id used before is not a second purchase: the marketplace says so and names the order.
    if (made!.requests > 1) return { success: false, error: 'custom_id_used', id: made!.id };
    if (scenario === 'lost') {
      // Carried out, but the reply is lost on the way back.
      reply.raw.destroy();
      return reply;
    }
    return { success: true, id: made!.id };
  });

  /** The store's account at the sandbox: a demo's purchases never run out of money. */
  app.get('/sandbox/market/api/v2/get-money', { schema: { hide: true } }, async (req, reply) => {
    const q = z.object({ key: z.string() }).safeParse(req.query);
    if (!q.success || !(await keyOk(q.data.key))) return reply.code(401).send({ success: false, error: 'bad_key' });
    return { success: true, money: SANDBOX_BALANCE, currency: 'RUB' };
  });

  /** Up to a hundred orders by our ids; an order stuck behind a failing service answers with its error, an unknown id is left out. */
  app.get('/sandbox/market/api/v2/get-list-buy-info-by-custom-id', { schema: { hide: true } }, async (req, reply) => {
    const q = listQuery.safeParse(req.query);
    if (!q.success) return reply.code(400).send({ success: false, error: 'bad_request' });
    if (!(await keyOk(q.data.key))) return reply.code(401).send({ success: false, error: 'bad_key' });
    const orders = await db.select().from(sandboxMarketOrders).where(inArray(sandboxMarketOrders.customId, q.data['custom_id[]']));
    const now = clock.now();
    const data: Record<string, unknown> = {};
    for (const o of orders) {
      if (o.scenario === 'stall') {
        data[o.customId] = { error: 'bad_gateway' };
        continue;
      }
      const s = stageAt({ id: o.id, scenario: scenarioOf(o.token), createdAt: o.createdAt }, now, opts.scale);
      data[o.customId] =
        s.stage === '1'
          ? { id: o.id, stage: '1', trade_id: s.tradeId, send_until: s.sendUntil }
          : s.stage === '2'
            ? { id: o.id, stage: '2', trade_id: s.tradeId }
            : { id: o.id, stage: '5', reason: s.reason };
    }
    return { success: true, data };
  });
}
