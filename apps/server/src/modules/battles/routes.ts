import { BATTLE_EMOJI_EVENT, battleChannel } from '@store/shared/channels';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { battleCasesResponse, battle as battleSchema, battleHistoryQuery, battleHistoryResponse, battleQuery, battleRefBody, battlesQuery, battlesResponse, battleStatistic, battleStatisticsResponse, battleStatusResponse, bestBattleResponse, cancelBattleResponse, createBattleBody, createBattleResponse, emojiBody, emojiMessage, joinBattleBody, joinBattleResponse, leaveBattleResponse, spectatorsResponse, startBattleResponse, userQuery, winrateResponse } from '@store/shared/api/battles';
import { sellResponse } from '@store/shared/api/inventory';
import { toUnits } from '@store/shared/money';
import type { AuthUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { BattleEvents } from './battle-events.ts';
import { battleStatistic as statisticOf, battleStatistics, battleWinrate, bestBattle } from './battle-statistics.ts';
import { createBattle } from './create-battle.ts';
import { joinBattle } from './join-battle.ts';
import { cancelBattle, leaveBattle } from './leave-battle.ts';
import { battleStatus, listBattleHistory, listOpenBattles } from './list-battles.ts';
import { listBattleCases } from './list-battle-cases.ts';
import { loadBattle } from './load-battles.ts';
import { presentBattle } from './present-battle.ts';
import { BattleRunner } from './round-runner.ts';
import { sellWinnings } from './sell-winnings.ts';
import { sendEmoji } from './send-emoji.ts';
import { requireBattle } from './spectate.ts';
import { startBattle } from './start-battle.ts';

/** Battle actions need a player; a guest gets the battles sign-in message (spec §8). */
function battleUser(req: FastifyRequest): AuthUser {
  if (!req.authUser) throw new AppError('error_battle_authorize');
  return req.authUser;
}

/** Statistics are the signed-in player's own unless another player is named. */
function subjectOf(req: FastifyRequest, userId: number | undefined): number {
  return userId ?? battleUser(req).id;
}

const BATTLE_CHANNEL_PREFIX = battleChannel('');
const isBattleChannel = (channel: string) => channel.startsWith(BATTLE_CHANNEL_PREFIX);

export async function battleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, catalogue, bus, counters, env, hub } = app.deps;
  const roundMs = env.BATTLE_ROUND_MS;
  const tags = ['battles'];
  const events = new BattleEvents({ db, bus, catalogue, counters, roundMs, log: app.log });
  const runner = new BattleRunner({
    db,
    catalogue,
    roundMs,
    log: app.log,
    onRevealed: (rounds) => void events.revealed(rounds).catch((err: unknown) => app.log.warn({ err }, 'battle round events not sent')),
  });
  runner.start();
  app.addHook('onClose', () => runner.close());

  /**
   * After a change commits: the battle is read once, announced on the bus (a lost event is
   * repaired by the next read of the battle) and presented to the caller in their language.
   */
  const announce = async (req: FastifyRequest, ulid: string) => {
    const loaded = await loadBattle(db, ulid);
    events.changed(loaded);
    return presentBattle(loaded, langOf(req), catalogue, roundMs);
  };
  /** The same when the answer does not carry the battle: the caller does not wait for it. */
  const notify = (req: FastifyRequest, ulid: string) => void announce(req, ulid).catch((err: unknown) => app.log.warn({ err, ulid }, 'battle event not sent'));

  r.get('/api/battles', { schema: { tags, querystring: battlesQuery, response: okResponse(battlesResponse) } }, async (req) =>
    ok(await listOpenBattles({ db, catalogue, lang: langOf(req), query: req.query })),
  );
  r.get('/api/battles/cases', { schema: { tags, response: okResponse(battleCasesResponse) } }, async (req) =>
    ok(await listBattleCases({ db, catalogue, lang: langOf(req), userId: req.authUser?.id ?? null })),
  );
  r.get('/api/battles/battle', { schema: { tags, querystring: battleQuery, response: okResponse(battleSchema) } }, async (req) => {
    const battle = presentBattle(await loadBattle(db, req.query.battle_ulid), langOf(req), catalogue, roundMs);
    // The live viewer count, not the row's: the row follows up to half a second later
    // (battle-events.ts), and a page reading the battle as it subscribes must not undo a newer count.
    return ok({ ...battle, spectators: await hub.viewers(battleChannel(battle.ulid)) });
  });
  r.get('/api/battles/status', { schema: { tags, response: okResponse(battleStatusResponse) } }, async (req) => ok(await battleStatus(db, req.authUser?.id ?? null)));
  r.get('/api/battles/statistics', { schema: { tags, querystring: userQuery, response: okResponse(battleStatisticsResponse) } }, async (req) =>
    ok(await battleStatistics(db, subjectOf(req, req.query.user_id))),
  );

  r.post('/api/battles/battles', { schema: { tags, body: createBattleBody, response: okResponse(createBattleResponse) } }, async (req) => {
    const user = battleUser(req);
    const created = await createBattle({ db, userId: user.id, body: req.body, idempotencyKey: idempotencyKey(req) });
    notify(req, created.battle_ulid);
    return ok(created);
  });

  r.post('/api/battles/join', { schema: { tags, body: joinBattleBody, response: okResponse(joinBattleResponse) } }, async (req) => {
    const user = battleUser(req);
    const { battle_ulid: ulid, seat } = req.body;
    const joined = await joinBattle({ db, userId: user.id, ulid, seat, roundMs, idempotencyKey: idempotencyKey(req) });
    if (joined.startsAt) runner.wakeBy(joined.startsAt);
    return ok({ balance: toUnits(joined.balance), battle: await announce(req, ulid) });
  });

  r.post('/api/battles/leave', { schema: { tags, body: battleRefBody, response: okResponse(leaveBattleResponse) } }, async (req) => {
    const left = await leaveBattle({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid });
    notify(req, req.body.battle_ulid);
    return ok({ balance: toUnits(left.balance) });
  });

  r.post('/api/battles/start', { schema: { tags, body: battleRefBody, response: okResponse(startBattleResponse) } }, async (req) => {
    const startsAt = await startBattle({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid, roundMs });
    runner.wakeBy(startsAt);
    return ok({ battle: await announce(req, req.body.battle_ulid) });
  });

  r.post('/api/battles/cancel_start', { schema: { tags, body: battleRefBody, response: okResponse(cancelBattleResponse) } }, async (req) => {
    const balance = await cancelBattle({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid });
    return ok({ balance: toUnits(balance), battle: await announce(req, req.body.battle_ulid) });
  });

  r.post('/api/battles/sell', { schema: { tags, body: battleRefBody, response: okResponse(sellResponse) } }, async (req) =>
    ok(await sellWinnings({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid, idempotencyKey: idempotencyKey(req) })),
  );

  // Viewers are the distinct live connections on a battle's channel, counted by the hub across
  // processes. The spec's open/close calls only read that count: calling them counts nothing.
  hub.watchViewers(isBattleChannel, (channel, count) => events.spectators(channel.slice(BATTLE_CHANNEL_PREFIX.length), count));
  for (const path of ['/api/battles/open', '/api/battles/close']) {
    r.post(path, { schema: { tags, body: battleRefBody, response: okResponse(spectatorsResponse) } }, async (req) => {
      await requireBattle({ db, ulid: req.body.battle_ulid });
      return ok({ spectators: await hub.viewers(battleChannel(req.body.battle_ulid)) });
    });
  }

  r.post(
    '/api/battles/emoji',
    {
      schema: { tags, body: emojiBody, response: okResponse(emojiMessage) },
      // A reaction is cheap to send and shown to everyone watching: a few a second per player.
      config: { rateLimit: { max: 5, timeWindow: 3000, keyGenerator: (req: FastifyRequest) => `emoji:${req.authUser?.id ?? req.ip}` } },
    },
    async (req) => {
      const message = await sendEmoji({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid, content: req.body.content });
      bus.publish(battleChannel(message.battle_ulid), BATTLE_EMOJI_EVENT, message);
      return ok(message);
    },
  );

  r.get('/api/v1/battles', { schema: { tags, querystring: battleHistoryQuery, response: okResponse(battleHistoryResponse) } }, async (req) =>
    ok(await listBattleHistory({ db, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null })),
  );
  r.get('/api/v1/battles/statistic', { schema: { tags, querystring: userQuery, response: okResponse(battleStatistic) } }, async (req) =>
    ok(await statisticOf(db, subjectOf(req, req.query.user_id))),
  );
  r.get('/api/v1/battles/best', { schema: { tags, querystring: userQuery, response: okResponse(bestBattleResponse) } }, async (req) =>
    ok(await bestBattle({ db, catalogue, lang: langOf(req), userId: subjectOf(req, req.query.user_id) })),
  );
  r.get('/api/v1/battles/winrate', { schema: { tags, querystring: userQuery, response: okResponse(winrateResponse) } }, async (req) =>
    ok(await battleWinrate(db, subjectOf(req, req.query.user_id))),
  );
}
