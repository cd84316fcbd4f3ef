import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { me, publicUser, realtimeTokenResponse, steamDataBody, steamDataResult, userIdParams } from '@store/shared/api/users';
import { botInviteResult } from '@store/shared/api/withdrawals';
import { STEAM_DATA_ERRORS } from '@store/shared/steam';
import { requireUser } from '../http/auth.ts';
import { noBody, ok, okResponse } from '../http/envelope.ts';
import { privateChannel, realtimeToken } from '../realtime/hub.ts';
import { langOf } from '../http/lang.ts';
import { depositRuleOf } from '../modules/levels/level-cases.ts';
import { getMe, getPublicUser } from './player-records.ts';
import { setSteamData, userExists } from '../modules/users/accounts.ts';
import { dashboard, dashboardQuery } from '@store/shared/api/inventory';
import { AppError } from '../http/errors.ts';
import { battleWinrate } from '../modules/battles/battle-statistics.ts';
import { inventoryCounts } from '../modules/inventory/list-inventory.ts';
import { getUpgradeStatistic } from '../modules/upgrades/list-upgrades.ts';
import { SANDBOX_STEAM_BOT_ID } from '../modules/withdrawals/sandbox/market-scenarios.ts';

export async function userRoutes(app: FastifyInstance, { realtimeSecret }: { realtimeSecret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, env } = app.deps;
  const rule = depositRuleOf(env);

  r.get('/api/v1/users/me', { schema: { tags: ['users'], summary: 'The signed-in player: profile, balances, personal data, Steam data and level', response: okResponse(me) } }, async (req) =>
    ok(await getMe(db, requireUser(req).id, { now: clock.now(), lang: langOf(req), rule })),
  );

  r.get('/api/v1/users/centrifugo/token', { schema: { tags: ['users'], summary: "A key for the player's private realtime channel, and the channel's name", response: okResponse(realtimeTokenResponse) } }, async (req) => {
    const user = requireUser(req);
    return ok({ centryfugo_key: realtimeToken(realtimeSecret, user.id), channel: privateChannel(user.id) });
  });

  r.post(
    '/api/v1/users/set/steam/data',
    {
      config: { errors: STEAM_DATA_ERRORS },
      schema: { tags: ['users'], summary: "Save the player's Steam trade link and/or Steam login, after checking them", body: steamDataBody, response: okResponse(steamDataResult) },
    },
    async (req) => ok({ steam: await setSteamData(db, requireUser(req).id, req.body), message: 'steam_data_saved_successfully' as const }),
  );

  /** The store's Steam bot, which the player adds as a friend so trade offers from it are trusted (spec §3, §7 missions). */
  r.post('/api/v1/users/steam/bot-invite', { schema: { tags: ['users'], summary: "The Steam id of the store's bot, to add as a friend before withdrawing", body: noBody, response: okResponse(botInviteResult) } }, async (req) => {
    requireUser(req);
    return ok({ bot_steamid: app.deps.env.STEAM_BOT_ID ?? SANDBOX_STEAM_BOT_ID });
  });

  r.get(
    '/api/v1/users/:userId/dashboard',
    { config: { errors: ['userNotFound'] }, schema: { tags: ['users'], summary: "A player's public counts: battles, items, items sent and upgrades", params: userIdParams, querystring: dashboardQuery, response: okResponse(dashboard) } },
    async (req) => {
      const userId = req.params.userId;
      if (!(await userExists(db, userId))) throw new AppError('userNotFound');
      const [battles, items, upgrades] = await Promise.all([
        battleWinrate(db, userId),
        inventoryCounts(db, userId),
        getUpgradeStatistic({ db, scope: 'all', userId, viewerId: null, revealMs: app.deps.reveals.delayMs('upgrade') }),
      ]);
      return ok({
        battles_count: battles.win + battles.lose,
        inventory_count: items.all,
        inventory_active_count: items.active,
        send_items_count: items.sent,
        upgrades_count: upgrades.count,
      });
    },
  );

  r.get('/api/v1/users/:userId', { config: { errors: ['userNotFound'] }, schema: { tags: ['users'], summary: "A player's public profile", params: userIdParams, response: okResponse(publicUser) } }, async (req) =>
    ok(await getPublicUser(db, req.params.userId)),
  );
}
