import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faqResponse } from '@store/shared/api/content';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { paymentSettingsOf } from '../payments/payment-settings.ts';
import { buildFaq } from './faq.ts';

/**
 * The store's content (spec §2, §7): the FAQ in the request's language. The legal pages are the
 * web app's own texts; only the FAQ is served, so other clients can show it too.
 */
export async function contentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Built once per payment settings version: the coins a deposit earns is quoted from it.
  const settings = paymentSettingsOf(app.deps);
  let built: { version: number; faq: ReturnType<typeof buildFaq> } | null = null;
  const faqNow = async () => {
    const current = await settings.current();
    if (built?.version !== current.version) built = { version: current.version, faq: buildFaq(app.deps.project, app.deps.env, current.document.coinsFactor) };
    return built.faq;
  };

  r.get('/api/v1/page/faq', { schema: { tags: ['content'], summary: "The FAQ page's questions and answers, in the caller's language", response: okResponse(faqResponse) } }, async (req, reply) => {
    // The same for everyone in a language until the settings change: browsers and proxies may keep it a while.
    reply.header('cache-control', 'public, max-age=300').header('vary', 'x-client-language');
    return ok((await faqNow())[langOf(req)]);
  });
}
