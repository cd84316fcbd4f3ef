import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { SVG_CACHE } from '../../http/cache.ts';
import { caseSvg, itemSvg, placeholderSvg } from './art.ts';
import { findCaseByImageUrl, findCaseBySlug } from './find-cases.ts';

/**
 * The catalogue's own pictures: every item and case drawn by the server (decision 002), and the
 * way from a real picture that would not load to its drawing (decision 048).
 */
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

  // A page whose real picture failed (offline, the image host down) asks here by the picture's
  // address: the item's or case's drawing, or a plain one for an address the catalogue does not know.
  const fallbackQuery = z.object({ src: z.string().max(2048).regex(/^https:\/\/[^\s]+$/) });
  r.get('/img/fallback', { schema: { hide: true, querystring: fallbackQuery } }, async (req, reply) => {
    const item = catalogue.byImageUrl(req.query.src);
    if (item) return reply.header('cache-control', SVG_CACHE).redirect(`/img/items/${encodeURIComponent(item.key)}.svg`, 302);
    const found = await findCaseByImageUrl(db, req.query.src);
    if (found) return reply.header('cache-control', SVG_CACHE).redirect(`/img/cases/${encodeURIComponent(found.slug)}.svg`, 302);
    return reply.type('image/svg+xml').header('cache-control', SVG_CACHE).send(placeholderSvg());
  });
}
