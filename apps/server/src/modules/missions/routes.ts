import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fastMissionParams,
  fastMissionsResponse,
  missionClaimResponse,
  socialCheckBody,
  socialCheckResponse,
  socialMission,
  socialMissionsResponse,
  socialsQuery,
  socialsResponse,
  socialTypeParams,
  socialUserTypeParams,
} from '@store/shared/api/account';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { langOf } from '../../http/lang.ts';
import { claimFastMission, listFastMissions } from './fast-missions.ts';
import { checkSocialMission, getSocialMission, listSocialMissions, listSocials } from './social-missions.ts';
import type { CommunityChecker } from './community-checker.ts';

/**
 * Missions (spec §3 Fast mission, §7 socials): first steps and joining the store's communities,
 * each paid once in GOLD. The networks are asked through the `CommunityChecker` port.
 */
export async function missionRoutes(app: FastifyInstance, { community }: { community: CommunityChecker }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, project } = app.deps;
  const tags = ['missions'];

  r.get('/api/v1/users/missions/fast', { schema: { tags, summary: "The player's quick missions, their progress and prizes", response: okResponse(fastMissionsResponse) } }, async (req) =>
    ok({ missions: await listFastMissions(db, requireUser(req).id, langOf(req)) }),
  );

  r.post('/api/v1/users/missions/fast/:type/claim', { config: { errors: ['mission_not_done', 'mission_claimed'] }, schema: { tags, summary: 'Take the prize of a completed quick mission', params: fastMissionParams, response: okResponse(missionClaimResponse) } }, async (req) =>
    ok(await claimFastMission(db, requireUser(req).id, req.params.type)),
  );

  r.get('/api/v1/users/missions/social', { schema: { tags, summary: "The player's social missions: linked networks and paid prizes", response: okResponse(socialMissionsResponse) } }, async (req) =>
    ok({ missions: await listSocialMissions(db, requireUser(req).id, { project, lang: langOf(req) }) }),
  );

  r.get('/api/v1/users/missions/social/:type', { schema: { tags, summary: "One of the player's social missions", params: socialTypeParams, response: okResponse(socialMission) } }, async (req) =>
    ok(await getSocialMission(db, requireUser(req).id, req.params.type, { project, lang: langOf(req) })),
  );

  // Another player's mission: its progress and whether it was paid, as anyone may see on a profile.
  r.get('/api/v1/users/missions/social/:userId/:type', { config: { errors: ['userNotFound'] }, schema: { tags, summary: "One social mission of a named player, as their profile shows it", params: socialUserTypeParams, response: okResponse(socialMission) } }, async (req) =>
    ok(await getSocialMission(db, req.params.userId, req.params.type, { project, lang: langOf(req) })),
  );

  r.get('/api/v1/users/socials', { config: { errors: ['userNotFound'] }, schema: { tags, summary: 'Which networks a player (`user_id`, else the signed-in one) linked and joined', querystring: socialsQuery, response: okResponse(socialsResponse) } }, async (req) =>
    ok({ socials: await listSocials(db, req.query.user_id ?? requireUser(req).id) }),
  );

  r.post(
    '/api/v1/users/socials/check',
    { config: { errors: ['provider_not_linked', 'social_check_failed', 'social_not_member', 'social_account_rewarded'] }, schema: { tags, summary: "Ask the network whether the player joined the store's community, and pay the mission once", body: socialCheckBody, response: okResponse(socialCheckResponse) } },
    async (req) => ok(await checkSocialMission({ db, checker: community, userId: requireUser(req).id, type: req.body.type, project, lang: langOf(req), log: req.log })),
  );
}
