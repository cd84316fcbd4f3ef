import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dailyCasesResponse,
  dailyInfoResponse,
  dailyNotificationPreferences,
  freeCasesResponse,
  freeOpeningParams,
  levelGenerateResponse,
  levelInfo,
  updateDailyNotificationPreferences,
} from '@store/shared/api/levels';
import { updateDailyNotificationPreferencesResponse } from '@store/shared/api/account';
import { openCaseResponse } from '@store/shared/api/cases';
import { userIdParams } from '@store/shared/api/users';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { findIdentities } from '../auth/identities.ts';
import { nicknamesOf, userExists } from '../users/accounts.ts';
import { listUserSubscriptions } from '../users/subscriptions.ts';
import { withRevealHold } from '../cases/reveal-hold.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { openFreeOpening, listFreeCases } from './free-openings.ts';
import { generateLevel } from './generate-level.ts';
import { depositRuleOf, levelCasesInfo, levelInfo as readLevelInfo, listLevelCases } from './level-cases.ts';
import { getDailyPreferences, updateDailyPreferences } from './notification-preferences.ts';
import { levelsOfPlayers } from './player-levels.ts';

/**
 * Levels, level (daily) cases, free openings and the daily-case notification preferences
 * (decision 015). A level case opens through the cases module's open call; the free openings
 * open here. What they run beside the routes is built in module.ts.
 */
export async function levelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, clock } = deps;
  const rule = depositRuleOf(deps.env);
  const tags = ['levels'];

  r.get('/api/v1/users/:userId/levels', { config: { errors: ['userNotFound'] }, schema: { tags, summary: "A player's level and experience", params: userIdParams, response: okResponse(levelInfo) } }, async (req) => {
    if (!(await userExists(db, req.params.userId))) throw new AppError('userNotFound');
    return ok(await readLevelInfo({ db, userId: req.params.userId, now: clock.now(), lang: langOf(req), rule }));
  });

  r.get(
    '/api/v1/users/levels',
    {
      schema: {
        tags,
        summary: 'The levels of up to 100 players by id (0 for one the store does not know)',
        querystring: z.object({ userIds: z.string().max(2000) }),
        response: okResponse(z.array(z.object({ user_id: z.number(), level: z.number() }))),
      },
    },
    async (req) => {
      const ids = [...new Set(req.query.userIds.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31))].slice(0, 100);
      const [known, levels] = await Promise.all([nicknamesOf(db, ids), levelsOfPlayers(db, ids)]);
      // Spec §8: an unknown player's level is 0, never an error.
      return ok(ids.map((id) => ({ user_id: id, level: known.has(id) ? levels.get(id)! : 0 })));
    },
  );

  r.post('/api/v1/users/level/generate', { config: { errors: ['level_already_generated', 'level_generation_needs_deposit'] }, schema: { tags, summary: "Generate the player's starting level from their first deposit, once", response: okResponse(levelGenerateResponse) } }, async (req) => {
    const user = requireUser(req);
    const { generatedExp } = await generateLevel(db, user.id);
    return ok({ success: true as const, generated_exp: generatedExp, levels: await readLevelInfo({ db, userId: user.id, now: clock.now(), lang: langOf(req), rule }) });
  });

  r.get('/api/v1/cases/daily', { schema: { tags, summary: 'The level cases, and for a signed-in player which open and when', response: okResponse(dailyCasesResponse) } }, async (req) =>
    ok(await listLevelCases({ db, catalogue, userId: req.authUser?.id ?? null, now: clock.now(), lang: langOf(req), rule })),
  );

  r.get('/api/v1/cases/daily/info', { schema: { tags, summary: "The caller's level, how many level cases are ready, and when the next one is", response: okResponse(dailyInfoResponse) } }, async (req) =>
    ok(await levelCasesInfo({ db, userId: req.authUser?.id ?? null, now: clock.now(), lang: langOf(req), rule })),
  );

  r.get('/api/v1/cases/free', { schema: { tags, summary: "The player's free openings, and the progress towards the next", response: okResponse(freeCasesResponse) } }, async (req) =>
    ok(await listFreeCases({ db, catalogue, userId: requireUser(req).id, now: clock.now(), lang: langOf(req) })),
  );

  r.post(
    '/api/v1/cases/free/:id/open',
    {
      config: { errors: ['fastOpen', 'free_opening_not_found', 'free_opening_expired', 'caseNotFound', 'case_not_available', 'idempotency_key_reused'] },
      schema: { tags, summary: "Spend one of the player's free openings on its case", params: freeOpeningParams, response: okResponse(openCaseResponse) },
    },
    async (req) => {
      const user = requireUser(req);
      const key = idempotencyKey(req);
      const result = await withRevealHold(deps.openingHolds, { userId: user.id, ms: deps.reveals.delayMs('case'), key: key ? `${key.key}:${key.requestHash}` : null }, () =>
        openFreeOpening({ db, catalogue, userId: user.id, id: req.params.id, lang: langOf(req), now: clock.now(), idempotencyKey: key }),
      );
      if (!result.replayed) await deps.caseEvents.opened(user.id, result, req.log);
      return ok(result.response);
    },
  );

  r.get('/api/v1/notifications/daily-cases/get-preferences', { schema: { tags, summary: 'Where the player is told that a level case is ready', response: okResponse(dailyNotificationPreferences) } }, async (req) =>
    ok(await getDailyPreferences(db, requireUser(req).id)),
  );

  r.post(
    '/api/v1/notifications/daily-cases/update-preferences',
    {
      schema: {
        tags,
        summary: "Change where the player is told that a level case is ready; answers the player's subscriptions (spec §7) and the preferences saved",
        body: updateDailyNotificationPreferences,
        response: okResponse(updateDailyNotificationPreferencesResponse),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const preferences = await updateDailyPreferences(db, user.id, req.body);
      const linked = async () => (await findIdentities(db, user.id)).map((i) => i.provider);
      return ok({ subscriptions: await listUserSubscriptions(db, user.id, linked), preferences });
    },
  );
}
