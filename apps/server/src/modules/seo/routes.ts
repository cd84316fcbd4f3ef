import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { seoGetBody, seoResponse } from '@store/shared/api/seo';
import { seoFor, sitemapPages, type SeoNames, type SeoSite } from '@store/shared/seo';
import { findCaseBySlug, listCatalogueRows } from '../catalogue/find-cases.ts';
import { findPlayerCard } from '../users/accounts.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { seoPathOf } from './page-path.ts';

/** Crawlers may keep the sitemap and robots.txt an hour; a flag switched off leaves within that. */
const CRAWLER_CACHE = 'public, max-age=3600';

/**
 * Spec §3, §7: the title and description of any page (`POST /api/v1/seo/get`, asked by clients on
 * every path change), and the sitemap and robots.txt crawlers read. The texts are the shared table
 * the web app's head uses (packages/shared/src/seo.ts); the store adds the names only it knows.
 */
export async function seoRoutes(app: FastifyInstance) {
  const { db, env, project, switches } = app.deps;
  const site: SeoSite = { title: project.title, game: project.game, seo: project.seo, localePrefix: env.LOCALE_PREFIX };
  /** The store's own address: PUBLIC_URL behind a proxy, else the request's (a local run). */
  const originOf = (req: FastifyRequest) => (env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `${req.protocol}://${req.host}`);

  const namesFor = async (page: string, path: string, lang: 'ru' | 'en'): Promise<SeoNames> => {
    const last = path.split('/').pop() ?? '';
    if (page === '/open/:caseName') {
      const c = await findCaseBySlug(db, last);
      return c ? { caseName: lang === 'en' ? c.nameEn : c.nameRu } : {};
    }
    if (page === '/profile/:userId' && /^\d{1,10}$/.test(last) && Number(last) <= 2 ** 31 - 1) {
      const card = await findPlayerCard(db, Number(last));
      return card ? { nickname: card.nickname } : {};
    }
    return {};
  };

  await app.register(async (scope) => {
    // Its own scope, so the form parser stays on this route: spec §7 names a form field.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post('/api/v1/seo/get', { config: { errors: ['seo_url_invalid'] }, schema: { tags: ['seo'], summary: "The title and description of one of the store's pages, by its address", body: seoGetBody, response: okResponse(seoResponse) } }, async (req) => {
        const hosts = [new URL(originOf(req)).host.toLowerCase()];
        const path = seoPathOf(req.body.url, hosts);
        if (!path) throw new AppError('seo_url_invalid');
        const head = seoFor(path, site);
        const names = await namesFor(head.page, path, head.lang);
        const { title, description } = Object.keys(names).length ? seoFor(path, site, names) : head;
        return ok({ title, description });
      });
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const { cases } = await listCatalogueRows(db);
    const shown = cases.filter((c) => c.available && c.status === 'active').map((c) => `/open/${encodeURIComponent(c.slug)}`);
    const paths = [...sitemapPages(switches.flags()), ...shown];
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(sitemapXml(originOf(req), paths, env.LOCALE_PREFIX));
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CRAWLER_CACHE)
      .send(robotsTxt(originOf(req))),
  );
}
