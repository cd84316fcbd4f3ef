import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRICE_LIST_CURRENCY } from '../price-list.ts';
import { sandboxPriceList } from './sandbox-price-list.ts';

const params = z.object({ file: z.string().max(20) });

/**
 * The sandbox market's public price list, at the real one's path under `/sandbox/prices`, so the
 * real reader (`MarketPriceList`) runs end to end against it. No key, like the real list.
 */
export async function sandboxPriceListRoutes(app: FastifyInstance, opts: { periodMs: number }) {
  const { clock, env } = app.deps;
  app.get('/sandbox/prices/api/v2/prices/:file', { schema: { hide: true } }, async (req, reply) => {
    const p = params.safeParse(req.params);
    if (!p.success || p.data.file !== `${PRICE_LIST_CURRENCY}.json`) return reply.code(404).send({ success: false, error: 'unknown currency' });
    const now = clock.now();
    return sandboxPriceList(env.PROJECT, Math.floor(now.getTime() / opts.periodMs), now);
  });
}
