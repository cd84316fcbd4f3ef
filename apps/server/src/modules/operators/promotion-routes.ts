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
    { config: { operatorAction: 'promotions.read' }, schema: { tags, response: okResponse(operatorPromoCodesResponse) } },
    async () => ok(await listPromoCodes(db, clock.now())),
  );
  r.get(
    '/api/v1/admin/promo-codes/:code',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, params: promoCodeParams, response: okResponse(operatorPromoCode) } },
    async (req) => ok(await getPromoCode(db, req.params.code, clock.now())),
  );
  r.post(
    '/api/v1/admin/promo-codes',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, body: promoCreateBody, response: okResponse(operatorPromoCode) } },
    async (req) => ok(await createPromoCode({ db, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.patch(
    '/api/v1/admin/promo-codes/:code',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, params: promoCodeParams, body: promoEditBody, response: okResponse(operatorPromoCode) } },
    async (req) => ok(await editPromoCode({ db, code: req.params.code, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    r.post(
      `/api/v1/admin/promo-codes/:code/${path}`,
      { config: { operatorAction: 'promotions.write' }, schema: { tags, params: promoCodeParams, body: promoToggleBody, response: okResponse(operatorPromoCode) } },
      async (req) =>
        ok(await setPromoCodeEnabled({ db, code: req.params.code, enabled, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
    );
  }

  r.get(
    '/api/v1/admin/offers',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, response: okResponse(operatorOffersResponse) } },
    async () => ok(await listOffersForOperators(db, clock.now())),
  );
  r.get(
    '/api/v1/admin/offers/:id',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, params: offerParams, response: okResponse(operatorOffer) } },
    async (req) => ok(await getOfferForOperators(db, req.params.id, clock.now())),
  );
  r.post(
    '/api/v1/admin/offers',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, body: offerCreateBody, response: okResponse(operatorOffer) } },
    async (req) => ok(await createOffer({ db, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.patch(
    '/api/v1/admin/offers/:id',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, params: offerParams, body: offerEditBody, response: okResponse(operatorOffer) } },
    async (req) => ok(await editOffer({ db, id: req.params.id, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  for (const [path, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    r.post(
      `/api/v1/admin/offers/:id/${path}`,
      { config: { operatorAction: 'promotions.write' }, schema: { tags, params: offerParams, body: promoToggleBody, response: okResponse(operatorOffer) } },
      async (req) => ok(await setOfferEnabled({ db, id: req.params.id, enabled, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
    );
  }

  r.get(
    '/api/v1/admin/leaderboards',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, response: okResponse(operatorLeaderboardsResponse) } },
    async () => ok(await listLeaderboards(db, clock.now())),
  );
  r.post(
    '/api/v1/admin/leaderboards',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, body: leaderboardCreateBody, response: okResponse(operatorLeaderboard) } },
    async (req) => ok(await createLeaderboard({ db, catalogue, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.post(
    '/api/v1/admin/leaderboards/:id/end',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, params: z.object({ id: idParam }), body: promoToggleBody, response: okResponse(operatorLeaderboard) } },
    async (req) => ok(await endLeaderboard({ db, id: req.params.id, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
  );

  // Events and the battle pass (decision 035). A change forgets this process's shared season, so
  // players see it on their next page; other processes see it within the cache's few seconds.
  const eventParams = z.object({ id: idParam });
  const changed = <T>(v: T) => (seasons.invalidate(), ok(v));
  r.get(
    '/api/v1/admin/events',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, response: okResponse(operatorEventsResponse) } },
    async () => ok(await listEvents(db, clock.now())),
  );
  r.get(
    '/api/v1/admin/events/:id',
    { config: { operatorAction: 'promotions.read' }, schema: { tags, params: eventParams, response: okResponse(operatorEventDetail) } },
    async (req) => ok(await getEvent(db, req.params.id, clock.now())),
  );
  r.post(
    '/api/v1/admin/events',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, body: eventDefinition, response: okResponse(operatorEvent) } },
    async (req) => changed(await createEventByOperator({ db, catalogue, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.patch(
    '/api/v1/admin/events/:id',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, params: eventParams, body: eventEditBody, response: okResponse(operatorEvent) } },
    async (req) => changed(await editEvent({ db, id: req.params.id, body: req.body, operator: await operatorOf(req), now: clock.now() })),
  );
  r.post(
    '/api/v1/admin/events/:id/end',
    { config: { operatorAction: 'promotions.write' }, schema: { tags, params: eventParams, body: eventEndBody, response: okResponse(operatorEvent) } },
    async (req) => changed(await endEvent({ db, id: req.params.id, reason: req.body?.reason, operator: await operatorOf(req), now: clock.now() })),
  );
}
