import type { FastifyInstance } from 'fastify';
import type { PushSender } from './push-port.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushKeyResponse,
  pushMission,
  pushMissionClaimResponse,
  pushMissionParams,
  pushOpenedBody,
  pushOpenedResponse,
  pushSubscribeBody,
  pushSubscribeResponse,
  pushUnsubscribeBody,
  pushUnsubscribeResponse,
} from '@store/shared/api/pwa';
import { pushMissionFor } from '@store/shared/pwa';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { claimPushMission, readPushMission } from './push-missions.ts';
import { notificationOpened, sendToPlayer } from './send-push.ts';
import { subscribePush, unsubscribePush } from './subscriptions.ts';

/**
 * Push notifications (spec §4 Push banner, §7; decision 027): the VAPID key browsers subscribe
 * with, opting in and out, the notification a player opened, and the push missions.
 */
export async function pushRoutes(app: FastifyInstance, { push }: { push: PushSender }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, env } = app.deps;
  const tags = ['push'];

  r.get('/api/v1/push/key', { schema: { tags, summary: 'The public VAPID key browsers subscribe with', response: okResponse(pushKeyResponse) } }, async () => ok({ available: true, public_key: push.publicKey }));

  r.post('/api/v1/push/subscriptions', { config: { errors: ['push_service_unknown'] }, schema: { tags, summary: "Subscribe the player's browser to pushes and send the welcome one", body: pushSubscribeBody, response: okResponse(pushSubscribeResponse) } }, async (req) => {
    const user = requireUser(req);
    await subscribePush(db, push, user.id, req.body);
    // The welcome notification is the mission's second step; a push service that fails now only
    // delays it, the subscription stands.
    await sendToPlayer(db, push, user.id, 'welcome', { only: { endpoint: req.body.subscription.endpoint }, localePrefix: env.LOCALE_PREFIX }).catch((err: unknown) => req.log.warn({ err }, 'the welcome push failed'));
    return ok({ mission: await readPushMission(db, user.id, pushMissionFor(req.body.installed), langOf(req)) });
  });

  r.delete('/api/v1/push/subscriptions', { schema: { tags, summary: "Remove a browser's push subscription of the player", body: pushUnsubscribeBody, response: okResponse(pushUnsubscribeResponse) } }, async (req) =>
    ok({ removed: await unsubscribePush(db, requireUser(req).id, req.body.endpoint) }),
  );

  // No session: the service worker reports the click, and the token alone says whose it was.
  r.post('/api/v1/push/opened', { schema: { tags, summary: 'Report a push notification opened, by its token (no session needed)', body: pushOpenedBody, response: okResponse(pushOpenedResponse) } }, async (req) =>
    ok({ status: await notificationOpened(db, req.body.token) }),
  );

  r.get('/api/v1/push/missions/:type', { schema: { tags, summary: "A push mission's progress and prize", params: pushMissionParams, response: okResponse(pushMission) } }, async (req) =>
    ok(await readPushMission(db, requireUser(req).id, req.params.type, langOf(req))),
  );

  r.post('/api/v1/push/missions/:type/claim', { config: { errors: ['mission_not_done', 'mission_claimed'] }, schema: { tags, summary: 'Take the prize of a completed push mission', params: pushMissionParams, response: okResponse(pushMissionClaimResponse) } }, async (req) =>
    ok(await claimPushMission(db, requireUser(req).id, req.params.type, langOf(req))),
  );
}
