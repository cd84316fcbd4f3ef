import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { SVG_CACHE } from '../../http/cache.ts';
import { caseSvg, itemSvg } from './art.ts';
import { findCaseBySlug } from './find-cases.ts';

/** The catalogue's own pictures: every item and case drawn by the server (decision 002). */
export async function catalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue } = app.deps;

  const svgParams = z.object({ key: z.string().regex(/^[\w.-]+\.svg$/).max(200) });
  r.get('/img/items/:key', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    let item;
    try {
      item = catalogue.item(req.params.key.slice(0, -4));
    } catch {
      throw new AppError('not_found', { path: req.url });
    }
    return reply.type('image/svg+xml').header('cache-control', SVG_CACHE).send(itemSvg(item, catalogue.rarityColor(item.rarity)));
  });
  r.get('/img/cases/:key', { schema: { hide: true, params: svgParams } }, async (req, reply) => {
    const slug = req.params.key.slice(0, -4);
    const found = await findCaseBySlug(db, slug);
    if (!found) throw new AppError('not_found', { path: req.url });
    return reply.type('image/svg+xml').header('cache-control', SVG_CACHE).send(caseSvg(found));
  });
}
