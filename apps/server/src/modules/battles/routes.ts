import { BATTLE_EMOJI_EVENT, battleChannel } from '@store/shared/channels';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@store/shared/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { battleCasesResponse, battle as battleSchema, battleHistoryQuery, battleHistoryResponse, battleQuery, battleRefBody, battlesQuery, battlesResponse, battleStatistic, battleStatisticsResponse, battleStatusResponse, battleWinningsResponse, bestBattleResponse, cancelBattleResponse, createBattleBody, createBattleResponse, emojiBody, emojiMessage, joinBattleBody, joinBattleResponse, leaveBattleResponse, spectatorsResponse, startBattleResponse, userQuery, winrateResponse } from '@store/shared/api/battles';
import { sellResponse } from '@store/shared/api/inventory';
import { toUnits } from '@store/shared/money';
import type { AuthUser } from '../../http/auth.ts';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import type { BattleEvents } from './battle-events.ts';
import { battleStatistic as statisticOf, battleStatistics, battleWinrate, bestBattle } from './battle-statistics.ts';
import { createBattle } from './create-battle.ts';
import { joinBattle } from './join-battle.ts';
import { cancelBattle, leaveBattle } from './leave-battle.ts';
import { battleStatus, listBattleHistory, listOpenBattles } from './list-battles.ts';
import { listBattleCases } from './list-battle-cases.ts';
import { loadBattle } from './load-battles.ts';
import { presentBattle } from './present-battle.ts';
import type { BattleRunner } from './round-runner.ts';
import { sellWinnings, unsoldWinnings } from './sell-winnings.ts';
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

/** A battle that no longer waits for players refuses joins, leaves, starts and cancels. */
const OPEN_BATTLE_REFUSALS = ['battle_not_found', 'battle_started', 'battle_finished', 'battle_cancelled'] as const satisfies readonly ErrorCode[];

const BATTLE_CHANNEL_PREFIX = battleChannel('');
const isBattleChannel = (channel: string) => channel.startsWith(BATTLE_CHANNEL_PREFIX);

export async function battleRoutes(app: FastifyInstance, { events, runner }: { events: BattleEvents; runner: BattleRunner }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, replica, catalogue, bus, env, hub } = app.deps;
  const roundMs = env.BATTLE_ROUND_MS;
  const tags = ['battles'];

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

  r.get('/api/battles', { schema: { tags, summary: 'The lobby: battles waiting for players or playing, sorted and paged', querystring: battlesQuery, response: okResponse(battlesResponse) } }, async (req) =>
    ok(await listOpenBattles({ db, catalogue, lang: langOf(req), query: req.query })),
  );
  r.get('/api/battles/cases', { schema: { tags, summary: "The cases a battle may hold, by section, and the cases of the caller's latest battles", response: okResponse(battleCasesResponse) } }, async (req) =>
    ok(await listBattleCases({ db, catalogue, lang: langOf(req), userId: req.authUser?.id ?? null, shelves: app.deps.caseShelves })),
  );
  r.get('/api/battles/battle', { config: { errors: ['battle_not_found'] }, schema: { tags, summary: 'One battle: its cases, seats, rounds and drops, and its live viewer count', querystring: battleQuery, response: okResponse(battleSchema) } }, async (req) => {
    const battle = presentBattle(await loadBattle(db, req.query.battle_ulid), langOf(req), catalogue, roundMs);
    // The live viewer count, not the row's: the row follows up to half a second later
    // (battle-events.ts), and a page reading the battle as it subscribes must not undo a newer count.
    return ok({ ...battle, spectators: await hub.viewers(battleChannel(battle.ulid)) });
  });
  r.get('/api/battles/status', { schema: { tags, summary: 'The battle the caller waits in or plays, if any', response: okResponse(battleStatusResponse) } }, async (req) => ok(await battleStatus(db, req.authUser?.id ?? null)));
  // Finished battles' totals, from the replica (decision 084): a battle that ended a moment ago may count its lag later.
  r.get('/api/battles/statistics', { schema: { tags, summary: "A player's battle count, wins and best win (`user_id`, else the caller's)", querystring: userQuery, response: okResponse(battleStatisticsResponse) } }, async (req) =>
    ok(await battleStatistics(replica, subjectOf(req, req.query.user_id))),
  );

  r.post(
    '/api/battles/battles',
    {
      config: { errors: ['error_max_rounds', 'error_too_many_rounds', 'caseNotFound', 'case_not_available', 'battle_create_error', 'error_not_enough_funds_for_battle', 'idempotency_key_reused'] },
      schema: { tags, summary: "Create a battle of the chosen cases and take seat 1, paying the battle's price", body: createBattleBody, response: okResponse(createBattleResponse) },
    },
    async (req) => {
      const user = battleUser(req);
      const created = await createBattle({ db, userId: user.id, body: req.body, idempotencyKey: idempotencyKey(req) });
      notify(req, created.battle_ulid);
      return ok(created);
    },
  );

  r.post(
    '/api/battles/join',
    {
      config: { errors: [...OPEN_BATTLE_REFUSALS, 'battle_already_joined', 'battle_seat_taken', 'battle_full', 'error_not_enough_funds_for_battle', 'idempotency_key_reused'] },
      schema: { tags, summary: 'Join a waiting battle (a given seat or the first free one) and pay; the last seat starts it', body: joinBattleBody, response: okResponse(joinBattleResponse) },
    },
    async (req) => {
      const user = battleUser(req);
      const { battle_ulid: ulid, seat } = req.body;
      const joined = await joinBattle({ db, userId: user.id, ulid, seat, roundMs, idempotencyKey: idempotencyKey(req) });
      if (joined.startsAt) runner.wakeBy(joined.startsAt);
      return ok({ balance: toUnits(joined.balance), battle: await announce(req, ulid) });
    },
  );

  r.post(
    '/api/battles/leave',
    {
      config: { errors: [...OPEN_BATTLE_REFUSALS, 'battle_not_member'] },
      schema: { tags, summary: 'Leave a waiting battle and get the stake back (the creator leaving calls it off)', body: battleRefBody, response: okResponse(leaveBattleResponse) },
    },
    async (req) => {
      const left = await leaveBattle({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid });
      notify(req, req.body.battle_ulid);
      return ok({ balance: toUnits(left.balance) });
    },
  );

  r.post(
    '/api/battles/start',
    {
      config: { errors: [...OPEN_BATTLE_REFUSALS, 'battle_not_creator'] },
      schema: { tags, summary: 'Start a waiting battle now, bots taking the free seats (its creator only)', body: battleRefBody, response: okResponse(startBattleResponse) },
    },
    async (req) => {
      const startsAt = await startBattle({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid, roundMs });
      runner.wakeBy(startsAt);
      return ok({ battle: await announce(req, req.body.battle_ulid) });
    },
  );

  r.post(
    '/api/battles/cancel_start',
    {
      config: { errors: [...OPEN_BATTLE_REFUSALS, 'battle_not_creator'] },
      schema: { tags, summary: 'Call a waiting battle off, refunding every seat (its creator only)', body: battleRefBody, response: okResponse(cancelBattleResponse) },
    },
    async (req) => {
      const balance = await cancelBattle({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid });
      return ok({ balance: toUnits(balance), battle: await announce(req, req.body.battle_ulid) });
    },
  );

  r.get(
    '/api/battles/winnings',
    { config: { errors: ['battle_not_found'] }, schema: { tags, summary: "What the caller won in a battle and still holds: the items left to sell and their price", querystring: battleQuery, response: okResponse(battleWinningsResponse) } },
    async (req) => ok(await unsoldWinnings({ db, userId: battleUser(req).id, ulid: req.query.battle_ulid })),
  );

  r.post('/api/battles/sell', { config: { errors: ['battle_not_found', 'battle_not_member', 'battle_started', 'battle_cancelled', 'idempotency_key_reused'] }, schema: { tags, summary: "Sell the caller's items won in a finished battle", body: battleRefBody, response: okResponse(sellResponse) } }, async (req) =>
    ok(await sellWinnings({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid, idempotencyKey: idempotencyKey(req) })),
  );

  // Viewers are the distinct live connections on a battle's channel, counted by the hub across
  // processes. The spec's open/close calls only read that count: calling them counts nothing.
  hub.watchViewers(isBattleChannel, (channel, count) => events.spectators(channel.slice(BATTLE_CHANNEL_PREFIX.length), count));
  for (const path of ['/api/battles/open', '/api/battles/close']) {
    r.post(path, { config: { errors: ['battle_not_found'] }, schema: { tags, summary: 'How many watch a battle now (the call itself counts nobody)', body: battleRefBody, response: okResponse(spectatorsResponse) } }, async (req) => {
      await requireBattle({ db, ulid: req.body.battle_ulid });
      return ok({ spectators: await hub.viewers(battleChannel(req.body.battle_ulid)) });
    });
  }

  r.post(
    '/api/battles/emoji',
    {
      schema: { tags, summary: 'Send a reaction to everyone watching a battle one takes part in', body: emojiBody, response: okResponse(emojiMessage) },
      // A reaction is cheap to send and shown to everyone watching: a few a second per player.
      config: { rateLimit: { max: 5, timeWindow: 3000, keyGenerator: (req: FastifyRequest) => `emoji:${req.authUser?.id ?? req.ip}` }, errors: ['battle_not_found', 'battle_not_member', 'battle_cancelled'] },
    },
    async (req) => {
      const message = await sendEmoji({ db, userId: battleUser(req).id, ulid: req.body.battle_ulid, content: req.body.content });
      bus.publish(battleChannel(message.battle_ulid), BATTLE_EMOJI_EVENT, message);
      return ok(message);
    },
  );

  // The history and a player's totals, from the replica (decision 084): the live battle's own
  // channel shows how it ended, and these may take the replica's lag to count it.
  r.get('/api/v1/battles', { config: { errors: ['authentication'] }, schema: { tags, summary: "Battle history, newest first: everyone's, a player's or (`private`) the caller's", querystring: battleHistoryQuery, response: okResponse(battleHistoryResponse) } }, async (req) =>
    ok(await listBattleHistory({ db: replica, catalogue, lang: langOf(req), query: req.query, viewerId: req.authUser?.id ?? null })),
  );
  r.get('/api/v1/battles/statistic', { schema: { tags, summary: "A player's battle totals: count, wins, spent, won and profit (`user_id`, else the caller's)", querystring: userQuery, response: okResponse(battleStatistic) } }, async (req) =>
    ok(await statisticOf(replica, subjectOf(req, req.query.user_id))),
  );
  r.get('/api/v1/battles/best', { schema: { tags, summary: "The battle that gave a player the most (`user_id`, else the caller's), or null", querystring: userQuery, response: okResponse(bestBattleResponse) } }, async (req) =>
    ok(await bestBattle({ db: replica, catalogue, lang: langOf(req), userId: subjectOf(req, req.query.user_id) })),
  );
  r.get('/api/v1/battles/winrate', { schema: { tags, summary: "A player's battles won and lost (`user_id`, else the caller's)", querystring: userQuery, response: okResponse(winrateResponse) } }, async (req) =>
    ok(await battleWinrate(replica, subjectOf(req, req.query.user_id))),
  );
}
