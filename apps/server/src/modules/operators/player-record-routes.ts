import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { operatorPlayerParams } from '@store/shared/api/operators';
import {
  operatorGamesResponse,
  operatorItemsResponse,
  operatorPromoUsesResponse,
  operatorSessionParams,
  operatorSessionsResponse,
  playerRecordsQuery,
  sessionRevokeBody,
  sessionRevokeResult,
} from '@store/shared/api/operator-player-records';
import { operatorMessagesResponse } from '@store/shared/api/notifications';
import { ok, okResponse } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { langOf } from '../../http/lang.ts';
import { listPlayerActivity } from '../activity/player-activity.ts';
import { listOpenSessions, sessionId } from '../auth/sessions.ts';
import { listItemsForOperators } from '../inventory/operator-items.ts';
import { listOutgoingMessages } from '../notifications/outgoing-messages.ts';
import { listPromoUsesOf } from '../payments/player-promo-uses.ts';
import { userExists } from '../users/accounts.ts';
import { withdrawalsOfItems } from '../withdrawals/item-withdrawals.ts';
import type { Operator } from './audit.ts';
import { storeEvents } from './operator-events.ts';
import { revokePlayerSession } from './revoke-player-session.ts';

const tags = ['admin'];

/**
 * A player's records in the console, for support answering a player's question: items with their history, openings and games,
 * sessions (support may end one), promo code uses and the messages sent to the player. Registered in the guarded scope of
 * `operatorRoutes`; each list asks the module that owns its table.
 */
export function operatorPlayerRecordRoutes(scope: FastifyInstance, operatorOf: (req: FastifyRequest) => Promise<Operator>) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, replica, catalogue } = scope.deps;
  const events = storeEvents(scope.deps);
  /** An unknown player is not found, not an empty list. */
  const knownPlayer = async (id: number) => {
    if (!(await userExists(db, id))) throw new AppError('userNotFound');
    return id;
  };

  r.get(
    '/api/v1/admin/players/:id/items',
    {
      config: { operatorAction: 'players.read', errors: ['userNotFound'] },
      schema: { tags, summary: "A player's items, each with its withdrawals", params: operatorPlayerParams, querystring: playerRecordsQuery, response: okResponse(operatorItemsResponse) },
    },
    async (req) => {
      const userId = await knownPlayer(req.params.id);
      // Records to answer a question with, from the replica (decision 084): what changed a moment ago shows its lag later.
      const { rows, total } = await listItemsForOperators(replica, { userId, catalogue, lang: langOf(req), page: req.query.page, perPage: req.query.per_page });
      const history = await withdrawalsOfItems(replica, userId, rows.map((i) => i.id));
      return ok({ items: rows.map((i) => ({ ...i, withdrawals: history.get(i.id) ?? [] })), total, page: req.query.page, per_page: req.query.per_page });
    },
  );
  r.get(
    '/api/v1/admin/players/:id/games',
    {
      config: { operatorAction: 'players.read', errors: ['userNotFound'] },
      schema: { tags, summary: "A player's openings and games, newest first", params: operatorPlayerParams, querystring: playerRecordsQuery, response: okResponse(operatorGamesResponse) },
    },
    async (req) => {
      const userId = await knownPlayer(req.params.id);
      // The activity stream's pages from the replica (decision 084): a game of a moment ago shows its lag later.
      const { rows, total } = await listPlayerActivity(replica, { userId, page: req.query.page, perPage: req.query.per_page });
      return ok({ items: rows, total, page: req.query.page, per_page: req.query.per_page });
    },
  );
  r.get(
    '/api/v1/admin/players/:id/sessions',
    {
      config: { operatorAction: 'players.read', errors: ['userNotFound'] },
      schema: { tags, summary: "A player's open sessions", params: operatorPlayerParams, response: okResponse(operatorSessionsResponse) },
    },
    async (req) => {
      const rows = await listOpenSessions(db, await knownPlayer(req.params.id));
      return ok({ sessions: rows.map((s) => ({ id: sessionId(s.tokenHash), created_at: s.createdAt.toISOString(), user_agent: s.userAgent })) });
    },
  );
  r.post(
    '/api/v1/admin/players/:id/sessions/:sessionId/revoke',
    {
      config: { operatorAction: 'players.sessions', errors: ['userNotFound', 'operator_rank'] },
      schema: { tags, summary: 'End one session of a player, with a reason (never of oneself or an operator of one’s role or above)', params: operatorSessionParams, body: sessionRevokeBody, response: okResponse(sessionRevokeResult) },
    },
    async (req) =>
      ok(
        await revokePlayerSession({
          db,
          userId: await knownPlayer(req.params.id),
          id: req.params.sessionId,
          reason: req.body.reason,
          operator: await operatorOf(req),
          events,
        }),
      ),
  );
  r.get(
    '/api/v1/admin/players/:id/messages',
    {
      config: { operatorAction: 'players.read', errors: ['userNotFound'] },
      schema: { tags, summary: 'Every message sent to a player (mail and notifications, per channel) with its state, attempts and last error', params: operatorPlayerParams, response: okResponse(operatorMessagesResponse) },
    },
    // From the replica (decision 084): a message's state of a moment ago may show its lag later.
    async (req) => ok({ messages: await listOutgoingMessages(replica, await knownPlayer(req.params.id)) }),
  );
  r.get(
    '/api/v1/admin/players/:id/promo-uses',
    {
      config: { operatorAction: 'players.read', errors: ['userNotFound'] },
      schema: { tags, summary: 'The promo codes a player used', params: operatorPlayerParams, response: okResponse(operatorPromoUsesResponse) },
    },
    // From the replica (decision 084): a use of a moment ago may show its lag later.
    async (req) => ok(await listPromoUsesOf(replica, await knownPlayer(req.params.id))),
  );
}
