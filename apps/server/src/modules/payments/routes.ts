import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bonusLevelsResponse,
  countriesResponse,
  countryParams,
  countryResponse,
  guestPromoInfoResponse,
  paymentCallbackResponse,
  paymentResult,
  promoApplyBody,
  promoApplyResponse,
  promoCodeParams,
  promoInfoResponse,
  promoResetResponse,
  transactionStartBody,
  transactionPreviewQuery,
  transactionPreviewResponse,
  transactionStartResponse,
  transactionStatusQuery,
} from '@store/shared/api/payments';
import type { ErrorCode } from '@store/shared/errors';
import { PROMO_ERRORS } from '@store/shared/payments/promo';
import { sandboxCallbackBody } from '@store/shared/payments/signature';
import { bonusLevelsToWire, countryConfigToWire, guestPromoInfoToWire, promoInfoToWire } from '@store/shared/payments/wire';
import { requireUser } from '../../http/auth.ts';
import { noBody, ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { applyPromo } from './apply-promo.ts';
import { offeredConfigs, resolveCountry } from './countries.ts';
import { getPromoInfo } from './get-promo-info.ts';
import { getTransactionStatus } from './get-transaction-status.ts';
import { createPaymentRouting } from './provider.ts';
import { resetPromo } from './reset-promo.ts';
import { sandboxCheckoutRoutes } from './sandbox/checkout-routes.ts';
import { SandboxPaymentProvider } from './sandbox/sandbox-provider.ts';
import type { PaymentReconciler } from './reconcile-payments.ts';
import { settlePayment } from './settle-payment.ts';
import { previewTransaction } from './preview-transaction.ts';
import { startTransaction } from './start-transaction.ts';
import { paymentSettingsOf } from './payment-settings.ts';
import { minSumChangedFor, type Experiments } from '../analytics/experiments.ts';

/** Why a promo code cannot be used now (checkPromo's order). */
const PROMO_REFUSALS = PROMO_ERRORS satisfies readonly ErrorCode[];

/** A deposit is refused for its country, method, sum or fields, for the promo code given with it, or by the provider. */
const DEPOSIT_REFUSALS = [
  'payment_country_invalid',
  'payment_method_not_found',
  'amount_invalid',
  'amount_too_low',
  'amount_too_high',
  'payment_fields_invalid',
  ...PROMO_REFUSALS,
  'payment_start_failed',
  'idempotency_key_reused',
] as const satisfies readonly ErrorCode[];

export async function paymentRoutes(app: FastifyInstance, { experiments, reconciler }: { experiments: Experiments; reconciler: PaymentReconciler }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const tags = ['payments'];
  const routing = createPaymentRouting(env);
  reconciler.attach({ db, routing, log: app.log, now: () => app.deps.clock.now() });
  // A test-only crash point (never in production): a callback received and not yet settled, or settled and committed with its answer not yet sent.
  const holdAt = env.NODE_ENV === 'production' ? 'off' : env.PAYMENT_TEST_HOLD_ANSWER;
  const hold = async (point: 'received' | 'settled', orderId: string | null) => {
    if (holdAt !== point) return;
    // The test kills the process here (SIGKILL) and checks what the provider's retry does.
    process.stdout.write(`payment-callback-held ${point} ${orderId ?? ''}\n`);
    await new Promise(() => {});
  };
  const callbackPath = (name: string) => `/api/v1/payments/callback/${name}`;

  // ── countries and bonus levels ──
  const welcomeRedirect = env.WELCOME_REDIRECT;
  // The payment settings in force (decision 076): every read below asks them, so a version an admin saves is served at once.
  const settings = paymentSettingsOf(app.deps);
  // Seeds version 1 at start when the table is empty (several processes at once write it once) and holds the version in force.
  app.addHook('onReady', async () => void (await settings.current()));
  app.addHook('onClose', async () => settings.close());
  r.get('/api/v1/payments/countries', { schema: { tags, summary: 'The countries one may pay from, with their currencies and payment methods', response: okResponse(countriesResponse) } }, async () =>
    ok(offeredConfigs((await settings.current()).countries, welcomeRedirect, routing).map(countryConfigToWire)),
  );

  r.get(
    '/api/v1/payments/countries/:iso',
    { config: { errors: ['payment_country_invalid'] }, schema: { tags, summary: "One country's currency and payment methods (`default`: the caller's own, from the request)", params: countryParams, response: okResponse(countryResponse) } },
    async (req) => {
      const config = resolveCountry((await settings.current()).countries, req.params.iso, req, welcomeRedirect, routing);
      if (!config) throw new AppError('payment_country_invalid');
      return ok(countryConfigToWire(config));
    },
  );

  r.get('/api/v1/payments/bonus/levels', { schema: { tags, summary: 'The deposit bonus levels: from which sum which bonus', response: okResponse(bonusLevelsResponse) } }, async () =>
    ok(bonusLevelsToWire((await settings.current()).document.bonusLevels)),
  );

  // ── transactions ──
  r.post(
    '/api/v1/payments/transaction/start',
    {
      config: { errors: DEPOSIT_REFUSALS },
      schema: { tags, summary: 'Start a deposit: open an order (applying a promo code given with it) and get the checkout address', body: transactionStartBody, response: okResponse(transactionStartResponse) },
    },
    async (req) => {
      const userId = requireUser(req).id;
      const current = await settings.current();
      return ok(
        await startTransaction({
          db,
          provider: routing,
          userId,
          country: resolveCountry(current.countries, req.body.country, req, welcomeRedirect, routing),
          body: req.body,
          bonus: current.document,
          lang: langOf(req),
          publicUrl: env.PUBLIC_URL,
          localePrefix: env.LOCALE_PREFIX,
          idempotencyKey: idempotencyKey(req),
          // The minimum the refill page showed this player follows the same experiment answer (spec §7).
          minSumChanged: await minSumChangedFor(experiments, userId),
        }),
      );
    },
  );

  r.get(
    '/api/v1/payments/transaction/preview',
    {
      config: { errors: ['payment_country_invalid', 'payment_method_not_found', 'amount_invalid', 'amount_too_low', 'amount_too_high', ...PROMO_REFUSALS] },
      schema: { tags, summary: 'What a deposit would credit once paid: the sum, every bonus, the coins and the promo code counted, as the credit computes them', querystring: transactionPreviewQuery, response: okResponse(transactionPreviewResponse) },
    },
    async (req) => {
      const userId = requireUser(req).id;
      const current = await settings.current();
      return ok(
        await previewTransaction({
          db,
          userId,
          country: resolveCountry(current.countries, req.query.country, req, welcomeRedirect, routing),
          body: req.query,
          bonus: current.document,
          minSumChanged: await minSumChangedFor(experiments, userId),
          now: app.deps.clock.now(),
        }),
      );
    },
  );

  r.get(
    '/api/v1/payments/transaction/status',
    { config: { errors: ['payment_order_not_found'] }, schema: { tags, summary: "The state of one of the player's deposit orders", querystring: transactionStatusQuery, response: okResponse(paymentResult) } },
    async (req) => ok(await getTransactionStatus({ db, userId: requireUser(req).id, orderId: req.query.orderId })),
  );

  // ── the providers' callbacks: the raw body is what the provider signed ──
  await app.register(async (scope) => {
    const rawBodies = new WeakMap<object, string>();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
      rawBodies.set(req, body as string);
      let json: unknown = null;
      try {
        json = JSON.parse(body as string);
      } catch {
        // Not JSON: the adapter refuses it as malformed, and the refusal is logged like any other.
      }
      done(null, json);
    });
    // FreeKassa posts its notification as a form.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
      rawBodies.set(req, body as string);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    for (const provider of routing.providers) {
      scope.withTypeProvider<ZodTypeProvider>().post(
        callbackPath(provider.name),
        // The schema documents the sandbox's body; the adapter, not the schema, decides (attachValidation).
        {
          config: { errors: ['payment_callback_refused'] },
          schema: { tags, summary: `${provider.name === 'sandbox' ? 'The sandbox' : `${provider.name}'s`} notification of a paid order: checked, then the deposit credited once`, body: sandboxCallbackBody, response: okResponse(paymentCallbackResponse) },
          attachValidation: true,
        },
        async (req, reply) => {
          await hold('received', null);
          const result = await settlePayment({ db, provider, raw: { rawBody: rawBodies.get(req) ?? '', headers: req.headers, remoteAddress: req.ip } });
          if (!result.ok) {
            app.log.warn(
              { provider: provider.name, reason: result.reason, orderId: result.orderId, reqId: req.id },
              'payment callback refused',
            );
            throw new AppError('payment_callback_refused', { reason: result.reason });
          }
          if (result.response.credited) app.deps.metrics.depositCredited();
          if (result.promoRefused) {
            app.log.info({ orderId: result.response.order_id, reason: result.promoRefused }, 'promo code not applied to a paid order');
          }
          if (result.otherPayment) {
            app.log.warn(
              { provider: provider.name, orderId: result.response.order_id, providerReference: result.otherPayment },
              'a second payment for an order already paid: nothing credited, an operator must look',
            );
          }
          if (result.reversed?.debited) {
            app.log.warn(
              { provider: provider.name, orderId: result.response.order_id, userId: result.userId, balanceAfter: result.reversed.balanceAfter },
              'a paid deposit was taken back: its sum debited from the player',
            );
          } else if (result.reversed) {
            app.log.warn({ provider: provider.name, orderId: result.response.order_id, why: result.reversed.why }, 'a refund or chargeback debited nothing');
          }
          await hold('settled', result.response.order_id);
          // Settled and committed: only now the answer the provider stops retrying on.
          const answer = provider.answerCallback?.({ orderId: result.response.order_id, status: result.response.status, credited: result.response.credited });
          // The provider's own body, outside the envelope the schema documents.
          if (answer) return reply.type(answer.contentType).send(answer.body as never);
          return ok(result.response);
        },
      );
    }
  });

  const sandbox = routing.providers.find((p) => p instanceof SandboxPaymentProvider);
  if (sandbox) {
    await app.register(async (scope) => sandboxCheckoutRoutes(scope, sandbox, callbackPath(sandbox.name)));
  }

  // ── promo codes ──
  r.get(
    '/api/v1/payments/promo/info/guest/:code',
    { config: { errors: ['promo_not_found', 'promo_expired', 'promo_exhausted'] }, schema: { tags, summary: "A promo code's terms for a guest, when anyone may use it now", params: promoCodeParams, response: okResponse(guestPromoInfoResponse) } },
    async (req) => ok(guestPromoInfoToWire(await getPromoInfo({ db, code: req.params.code, userId: null }))),
  );

  r.get(
    '/api/v1/payments/promo/info/:code',
    { config: { errors: PROMO_REFUSALS }, schema: { tags, summary: "A promo code's terms, when the player may use it now", params: promoCodeParams, response: okResponse(promoInfoResponse) } },
    async (req) => ok(promoInfoToWire(await getPromoInfo({ db, code: req.params.code, userId: requireUser(req).id }))),
  );

  r.post(
    '/api/v1/payments/promo/apply',
    {
      config: { errors: [...PROMO_REFUSALS, 'idempotency_key_reused'] },
      schema: { tags, summary: 'Apply a promo code: an instant one pays now, a case one gives a free opening, another waits for the next deposit', body: promoApplyBody, response: okResponse(promoApplyResponse) },
    },
    async (req) =>
      ok(await applyPromo({ db, userId: requireUser(req).id, code: req.body.code, idempotencyKey: idempotencyKey(req), now: app.deps.clock.now() })),
  );

  r.post(
    '/api/v1/payments/promo/user/reset',
    { schema: { tags, summary: "Drop the promo code waiting for the player's next deposit", body: noBody, response: okResponse(promoResetResponse) } },
    async (req) => ok(await resetPromo({ db, userId: requireUser(req).id })),
  );
}
