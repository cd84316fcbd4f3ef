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
import { openCaseResponse } from '@store/shared/api/cases';
import { userIdParams } from '@store/shared/api/users';
import { requireUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { nicknamesOf, userExists } from '../users/accounts.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { experienceConsumer, storeLevels } from './experience-consumer.ts';
import { openFreeOpening, listFreeCases } from './free-openings.ts';
import { generateLevel } from './generate-level.ts';
import { depositRuleOf, levelCasesInfo, levelInfo as readLevelInfo, listLevelCases } from './level-cases.ts';
import { getDailyPreferences, updateDailyPreferences } from './notification-preferences.ts';
import { levelsOfPlayers } from './player-levels.ts';

/**
 * Levels, level (daily) cases, free openings and the daily-case notification preferences
 * (decision 015). A level case opens through the cases module's open call; the free openings
 * open here. Experience is registered as a consumer of the activity stream.
 */
export async function levelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db, catalogue, clock } = deps;
  const rule = depositRuleOf(deps.env);
  const tags = ['levels'];
  await storeLevels(db);
  deps.activity.register(experienceConsumer);

  r.get('/api/v1/users/:userId/levels', { schema: { tags, params: userIdParams, response: okResponse(levelInfo) } }, async (req) => {
    if (!(await userExists(db, req.params.userId))) throw new AppError('userNotFound');
    return ok(await readLevelInfo({ db, userId: req.params.userId, now: clock.now(), lang: langOf(req), rule }));
  });

  r.get(
    '/api/v1/users/levels',
    {
      schema: {
        tags,
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

  r.post('/api/v1/users/level/generate', { schema: { tags, response: okResponse(levelGenerateResponse) } }, async (req) => {
    const user = requireUser(req);
    const { generatedExp } = await generateLevel(db, user.id);
    return ok({ success: true as const, generated_exp: generatedExp, levels: await readLevelInfo({ db, userId: user.id, now: clock.now(), lang: langOf(req), rule }) });
  });

  r.get('/api/v1/cases/daily', { schema: { tags, response: okResponse(dailyCasesResponse) } }, async (req) =>
    ok(await listLevelCases({ db, catalogue, userId: req.authUser?.id ?? null, now: clock.now(), lang: langOf(req), rule })),
  );

  r.get('/api/v1/cases/daily/info', { schema: { tags, response: okResponse(dailyInfoResponse) } }, async (req) =>
    ok(await levelCasesInfo({ db, userId: req.authUser?.id ?? null, now: clock.now(), lang: langOf(req), rule })),
  );

  r.get('/api/v1/cases/free', { schema: { tags, response: okResponse(freeCasesResponse) } }, async (req) =>
    ok(await listFreeCases({ db, catalogue, userId: requireUser(req).id, now: clock.now(), lang: langOf(req) })),
  );

  r.post('/api/v1/cases/free/:id/open', { schema: { tags, params: freeOpeningParams, response: okResponse(openCaseResponse) } }, async (req) => {
    const user = requireUser(req);
    if (!(await deps.openLimiter.hit(String(user.id)))) throw new AppError('fastOpen');
    const result = await openFreeOpening({ db, catalogue, userId: user.id, id: req.params.id, lang: langOf(req), now: clock.now(), idempotencyKey: idempotencyKey(req) });
    if (!result.replayed) await deps.caseEvents.opened(user.id, result, req.log);
    return ok(result.response);
  });

  r.get('/api/v1/notifications/daily-cases/get-preferences', { schema: { tags, response: okResponse(dailyNotificationPreferences) } }, async (req) =>
    ok(await getDailyPreferences(db, requireUser(req).id)),
  );

  r.post(
    '/api/v1/notifications/daily-cases/update-preferences',
    { schema: { tags, body: updateDailyNotificationPreferences, response: okResponse(dailyNotificationPreferences) } },
    async (req) => ok(await updateDailyPreferences(db, requireUser(req).id, req.body)),
  );
}
