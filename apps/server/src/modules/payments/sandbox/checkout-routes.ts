import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLang, type Lang } from '@store/shared/errors';
import { paymentSettingsOf } from '../payment-settings.ts';
import { resultPath } from '../start-transaction.ts';
import { checkoutNotFoundPage, checkoutPage } from './checkout-page.ts';
import { CHECKOUT_OUTCOMES, completeCheckout, loadCheckoutOrder } from './complete-checkout.ts';
import type { SandboxPaymentProvider } from './sandbox-provider.ts';

const orderParams = z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const langQuery = z.object({ lang: z.enum(['ru', 'en']).optional() });
const completeBody = z.object({ outcome: z.enum(CHECKOUT_OUTCOMES), lang: z.enum(['ru', 'en']).optional() });

/** ?lang= first, else Accept-Language, else X-Client-Language; Russian unless English is asked. */
const checkoutLang = (req: FastifyRequest, asked: Lang | undefined): Lang =>
  asked ?? pickLang((req.headers['accept-language'] as string | undefined) ?? (req.headers['x-client-language'] as string | undefined));

/**
 * The sandbox provider's hosted checkout (decision 007), served by the store itself: the page
 * and the buttons' endpoint. The callback goes to the store's own callback route in-process,
 * exactly as a provider's would over HTTP.
 */
export async function sandboxCheckoutRoutes(app: FastifyInstance, provider: SandboxPaymentProvider, callbackPath: string) {
  const { db, env } = app.deps;
  // The page's plain forms post application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sandbox/checkout/:orderId', { schema: { hide: true, params: orderParams, querystring: langQuery } }, async (req, reply) => {
    const lang = checkoutLang(req, req.query.lang);
    const order = await loadCheckoutOrder(db, req.params.orderId, (await paymentSettingsOf(app.deps).current()).countries);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    if (!order) return reply.code(404).send(checkoutNotFoundPage(lang, env.LOCALE_PREFIX));
    return reply.send(checkoutPage(order, lang, resultPath(order.orderId, lang, env.LOCALE_PREFIX)));
  });

  r.post('/sandbox/checkout/:orderId/complete', { schema: { hide: true, params: orderParams, body: completeBody } }, async (req, reply) => {
    const lang = checkoutLang(req, req.body.lang);
    const done = await completeCheckout({
      db,
      provider,
      orderId: req.params.orderId,
      outcome: req.body.outcome,
      lang,
      localePrefix: env.LOCALE_PREFIX,
      deliver: async (callback) => {
        const res = await app.inject({ method: 'POST', url: callbackPath, headers: callback.headers, payload: callback.rawBody });
        if (res.statusCode !== 200)
          app.log.warn({ orderId: req.params.orderId, status: res.statusCode, body: res.body }, 'sandbox callback not accepted');
        return res.statusCode;
      },
    });
    if (!done) return reply.code(404).type('text/html; charset=utf-8').send(checkoutNotFoundPage(lang, env.LOCALE_PREFIX));
    return reply.redirect(done.redirect, 303);
  });
}
