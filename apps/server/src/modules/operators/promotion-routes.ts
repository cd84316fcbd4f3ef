import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  leaderboardCreateBody,
  offerCreateBody,
  offerEditBody,
  offerParams,
  operatorLeaderboard,
  operatorLeaderboardsResponse,
  operatorOffer,
  operatorOffersResponse,
  operatorPromoCode,
  operatorPromoCodesResponse,
  promoCodeParams,
  promoCreateBody,
  promoEditBody,
  promoToggleBody,
} from '@store/shared/api/operator-promotions';
import { eventDefinition, eventEditBody, eventEndBody, operatorEvent, operatorEventDetail, operatorEventsResponse } from '@store/shared/api/operator-events';
import { idParam } from '@store/shared/api/common';
import { z } from 'zod';
import { ok, okResponse } from '../../http/envelope.ts';
import type { Operator } from './audit.ts';
import { createLeaderboard, endLeaderboard, listLeaderboards } from './promotion-boards.ts';
import { createOffer, editOffer, getOfferForOperators, listOffersForOperators, setOfferEnabled } from './promotion-offers.ts';
import { createEventByOperator, editEvent, endEvent, getEvent, listEvents } from './promotion-events.ts';
import { createPromoCode, editPromoCode, getPromoCode, listPromoCodes, setPromoCodeEnabled } from './promotion-codes.ts';

const tags = ['admin'];

/**
 * The console's promotions (decisions 033 and 035), registered in the guarded scope of `operatorRoutes`:
 * support reads them, admins change them (they are money settings); each change writes its
 * audit row in the transaction of the change.
 */
export function operatorPromotionRoutes(scope: FastifyInstance, operatorOf: (req: FastifyRequest) => Promise<Operator>) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock, catalogue, seasons } = scope.deps;

  r.get(
    '/api/v1/admin/promo-codes',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, summary: 'Every promo code with its terms, limits, uses and state', response: okResponse(operatorPromoCodesResponse) } },
    async () => ok(await listPromoCodes(db, clock.now())),
  );
  r.get(
    '/api/v1/admin/promo-codes/:code',
    {
      config: { operatorAction: 'promotions.read', errors: ['promo_not_found'] },
      schema: { tags, summary: 'One promo code with its terms, limits, uses and state', params: promoCodeParams, response: okResponse(operatorPromoCode) },
    },
    async (req) => ok(await getPromoCode(db, req.params.code, clock.now())),
  );
  r.post(
    '/api/v1/admin/promo-codes',
    {
      config: { operatorAction: 'promotions.write', errors: ['caseNotFound', 'promo_code_taken'] },
      schema: { tags, summary: 'Create a promo code (one that exists, in any case of letters, is refused)', body: promoCreateBody, response: okResponse(operatorPromoCode) },
    },
    async (req) => ok(await createPromoCode({ db, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.patch(
    '/api/v1/admin/promo-codes/:code',
    {
      config: { operatorAction: 'promotions.write', errors: ['promo_not_found', 'promo_kind_fixed', 'caseNotFound', 'promotion_dates_order', 'promo_limit_below_uses'] },
      schema: { tags, summary: "Change a promo code's terms (not its kind), dates or limits", params: promoCodeParams, body: promoEditBody, response: okResponse(operatorPromoCode) },
    },
    async (req) => ok(await editPromoCode({ db, code: req.params.code, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    r.post(
      `/api/v1/admin/promo-codes/:code/${path}`,
      {
        config: { operatorAction: 'promotions.write', errors: ['promo_not_found'] },
        schema: {
          tags,
          summary: enabled ? 'Switch a promo code on again' : 'Switch a promo code off: players are refused it as expired',
          params: promoCodeParams,
          body: promoToggleBody,
          response: okResponse(operatorPromoCode),
        },
      },
      async (req) =>
        ok(await setPromoCodeEnabled({ db, code: req.params.code, enabled, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
    );
  }

  r.get(
    '/api/v1/admin/offers',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, summary: 'Every shop offer with its price, bundle, limits, sales and state', response: okResponse(operatorOffersResponse) } },
    async () => ok(await listOffersForOperators(db, clock.now())),
  );
  r.get(
    '/api/v1/admin/offers/:id',
    {
      config: { operatorAction: 'promotions.read', errors: ['offer_not_found'] },
      schema: { tags, summary: 'One shop offer with its price, bundle, limits, sales and state', params: offerParams, response: okResponse(operatorOffer) },
    },
    async (req) => ok(await getOfferForOperators(db, req.params.id, clock.now())),
  );
  r.post(
    '/api/v1/admin/offers',
    {
      config: { operatorAction: 'promotions.write', errors: ['caseNotFound', 'offer_name_taken'] },
      schema: { tags, summary: 'Create a shop offer (its name is its key for ever)', body: offerCreateBody, response: okResponse(operatorOffer) },
    },
    async (req) => ok(await createOffer({ db, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.patch(
    '/api/v1/admin/offers/:id',
    {
      config: { operatorAction: 'promotions.write', errors: ['caseNotFound', 'offer_not_found', 'offer_price_above_old', 'promotion_dates_order', 'offer_limit_below_sold'] },
      schema: { tags, summary: "Change a shop offer's texts, prices, bundle, dates or limits", params: offerParams, body: offerEditBody, response: okResponse(operatorOffer) },
    },
    async (req) => ok(await editOffer({ db, id: req.params.id, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    r.post(
      `/api/v1/admin/offers/:id/${path}`,
      {
        config: { operatorAction: 'promotions.write', errors: ['offer_not_found'] },
        schema: {
          tags,
          summary: enabled ? 'Put a shop offer on sale again' : 'Take a shop offer off sale',
          params: offerParams,
          body: promoToggleBody,
          response: okResponse(operatorOffer),
        },
      },
      async (req) => ok(await setOfferEnabled({ db, id: req.params.id, enabled, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
    );
  }

  r.get(
    '/api/v1/admin/leaderboards',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, summary: 'Every leaderboard with its dates, prizes and state', response: okResponse(operatorLeaderboardsResponse) } },
    async () => ok(await listLeaderboards(db, clock.now())),
  );
  r.post(
    '/api/v1/admin/leaderboards',
    {
      config: { operatorAction: 'promotions.write', errors: ['leaderboard_not_found'] },
      schema: { tags, summary: 'Start a leaderboard now for some hours, with its prize places', body: leaderboardCreateBody, response: okResponse(operatorLeaderboard) },
    },
    async (req) => ok(await createLeaderboard({ db, catalogue, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.post(
    '/api/v1/admin/leaderboards/:id/end',
    {
      config: { operatorAction: 'promotions.write', errors: ['leaderboard_not_found', 'leaderboard_not_running'] },
      schema: { tags, summary: 'End a running leaderboard now', params: z.object({ id: idParam }), body: promoToggleBody, response: okResponse(operatorLeaderboard) },
    },
    async (req) => ok(await endLeaderboard({ db, id: req.params.id, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
  );

  // Events and the battle pass (decision 035). A change forgets this process's shared season, so
  // players see it on their next page; other processes see it within the cache's few seconds.
  const eventParams = z.object({ id: idParam });
  const changed = <T>(v: T) => (seasons.invalidate(), ok(v));
  r.get(
    '/api/v1/admin/events',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, summary: 'Every event (season) with its dates and state', response: okResponse(operatorEventsResponse) } },
    async () => ok(await listEvents(db, clock.now())),
  );
  r.get(
    '/api/v1/admin/events/:id',
    {
      config: { operatorAction: 'promotions.read', errors: ['event_not_found'] },
      schema: { tags, summary: 'One event with its whole definition', params: eventParams, response: okResponse(operatorEventDetail) },
    },
    async (req) => ok(await getEvent(db, req.params.id, clock.now())),
  );
  r.post(
    '/api/v1/admin/events',
    {
      config: { operatorAction: 'promotions.write', errors: ['caseNotFound', 'event_slug_taken'] },
      schema: { tags, summary: 'Define an event from its document: dates, pass levels, tasks and raffle prizes', body: eventDefinition, response: okResponse(operatorEvent) },
    },
    async (req) => changed(await createEventByOperator({ db, catalogue, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.patch(
    '/api/v1/admin/events/:id',
    {
      config: { operatorAction: 'promotions.write', errors: ['event_not_found', 'event_closed', 'event_started', 'event_ended', 'event_time_past', 'promotion_dates_order'] },
      schema: { tags, summary: "Change an event's texts and dates (a start only while ahead, an end only while it runs)", params: eventParams, body: eventEditBody, response: okResponse(operatorEvent) },
    },
    async (req) => changed(await editEvent({ db, id: req.params.id, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.post(
    '/api/v1/admin/events/:id/end',
    {
      config: { operatorAction: 'promotions.write', errors: ['event_not_found', 'event_closed', 'event_ended', 'event_upcoming'] },
      schema: { tags, summary: 'End a running event now', params: eventParams, body: eventEndBody, response: okResponse(operatorEvent) },
    },
    async (req) => changed(await endEvent({ db, id: req.params.id, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
  );
}
