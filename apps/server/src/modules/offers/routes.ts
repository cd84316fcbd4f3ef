import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@store/shared/errors';
import {
  dailyCasePayBody,
  dailyCasePayResponse,
  offerBuyBody,
  offerBuyParams,
  offerBuyResponse,
  offersQuery,
  offersResponse,
  offerUserParams,
  offerUserResponse,
  triggerCloseResponse,
  triggerParams,
  triggersResponse,
} from '@store/shared/api/payments';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { buyOffer } from './buy-offer.ts';
import { closeTrigger } from './close-trigger.ts';
import { getUserOffer } from './get-user-offer.ts';
import { listOffers } from './list-offers.ts';
import { listTriggers } from './list-triggers.ts';
import { payDailyCase } from './pay-daily-case.ts';

/** Paying for a bundle and opening its cases: the balance, a bundled case gone or switched off, a retried key. */
const BUNDLE_REFUSALS = ['balance_error', 'caseNotFound', 'case_not_available', 'idempotency_key_reused'] as const satisfies readonly ErrorCode[];

export async function offerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue } = app.deps;

  // ── offers shop and secret shop ──
  r.get('/api/v1/offers', { schema: { tags: ['offers'], summary: "The offers on sale now (with `secret`, the secret shop's), in display order", querystring: offersQuery, response: okResponse(offersResponse) } }, async (req) =>
    ok(await listOffers({ db, catalogue, userId: req.authUser?.id ?? null, secret: req.query.secret ?? false, lang: langOf(req) })),
  );

  r.get('/api/v1/offers/user/:x', { config: { errors: ['offer_not_found'] }, schema: { tags: ['offers'], summary: 'One offer on sale, by id or name, as the player sees it', params: offerUserParams, response: okResponse(offerUserResponse) } }, async (req) =>
    ok(await getUserOffer({ db, catalogue, userId: requireUser(req).id, x: req.params.x, lang: langOf(req) })),
  );

  r.post(
    '/api/v1/offers/:id/buy',
    {
      config: { errors: ['offer_not_found', 'offer_already_bought', 'offer_sold_out', 'offer_price_changed', ...BUNDLE_REFUSALS] },
      schema: {
        tags: ['offers'],
        summary: 'Buy an offer once: pay, open its bundled cases and take its bonuses; with the price the player confirmed, only at that price',
        params: offerBuyParams,
        body: offerBuyBody,
        response: okResponse(offerBuyResponse),
      },
    },
    async (req) => {
      const { response } = await buyOffer({
        db,
        catalogue,
        userId: requireUser(req).id,
        offerId: req.params.id,
        lang: langOf(req),
        expectedPrice: req.body?.expected_price,
        idempotencyKey: idempotencyKey(req),
      });
      return ok(response);
    },
  );

  // ── triggers and the inner offer ──
  r.get('/api/v1/triggers', { schema: { tags: ['offers'], summary: "The player's open offer triggers, newest first", response: okResponse(triggersResponse) } }, async (req) =>
    ok(await listTriggers({ db, catalogue, userId: requireUser(req).id, lang: langOf(req) })),
  );

  r.post(
    '/api/v1/triggers/dailycasepay',
    {
      config: { errors: ['offer_not_found', ...BUNDLE_REFUSALS] },
      schema: { tags: ['offers'], summary: 'Buy the daily-case offer an open trigger holds for this case, and open it', body: dailyCasePayBody, response: okResponse(dailyCasePayResponse) },
    },
    async (req) => {
      const { response } = await payDailyCase({
        db,
        catalogue,
        userId: requireUser(req).id,
        caseId: req.body.case_id,
        lang: langOf(req),
        idempotencyKey: idempotencyKey(req),
      });
      return ok(response);
    },
  );

  r.post('/api/v1/triggers/:id/close', { config: { errors: ['offer_not_found'] }, schema: { tags: ['offers'], summary: "Dismiss one of the player's triggers", params: triggerParams, response: okResponse(triggerCloseResponse) } }, async (req) =>
    ok(await closeTrigger({ db, userId: requireUser(req).id, triggerId: req.params.id })),
  );
}
