import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditQuery,
  auditResponse,
  balanceAdjustmentBody,
  balanceAdjustmentResult,
  blockBody,
  flagChangeBody,
  operatorFlagsResponse,
  operatorLedgerQuery,
  operatorDebtorsResponse,
  operatorLedgerResponse,
  operatorPlayer,
  operatorPlayerParams,
  operatorPlayersQuery,
  operatorPlayersResponse,
  playerStanding,
  techWorkBody,
  techWorkState,
  unblockBody,
} from '@store/shared/api/operators';
import { ok, okResponse } from '../../http/envelope.ts';
import { findPlayerRecord } from '../users/operator-standing.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { adjustBalance } from './adjust-balance.ts';
import { operatorCaseRoutes } from './case-routes.ts';
import { operatorExportRoutes } from './export-routes.ts';
import { operatorPlayerRecordRoutes } from './player-record-routes.ts';
import { operatorDashboardRoutes } from './dashboard-routes.ts';
import { operatorPromotionRoutes } from './promotion-routes.ts';
import { operatorPaymentSettingsRoutes } from './payment-settings-routes.ts';
import { listAudit, type Operator } from './audit.ts';
import { setPlayerBlocked } from './block-player.ts';
import { changeFlag, changeTechWork, listFlags, readTechWork } from './change-switches.ts';
import { getPlayer, getPlayerLedger, listPlayersInDebt, searchPlayers } from './find-players.ts';
import { installOperatorGuard, operatorUser } from '../../http/operator-guard.ts';
import { storeEvents } from './operator-events.ts';
import { operatorQueueRoutes } from './queue-routes.ts';
import { operatorPriceRoutes } from './price-routes.ts';
import type { PricingConsole } from '../pricing/module.ts';

const tags = ['admin'];

/**
 * The operator console's API under `/api/v1/admin` (decision 029). Every route names its operator
 * action and the guard refuses anyone whose role may not do it; handlers parse, call the module's
 * operation and answer. Each change writes its audit row inside the operation's transaction.
 */
export async function operatorRoutes(app: FastifyInstance, parts: { prices: PricingConsole }) {
  // A scope of its own, so the guard's hooks reach these routes and no other.
  await app.register(async (scope) => {
    installOperatorGuard(scope);
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const { db, replica, configuredFlags, clock } = app.deps;
    const events = storeEvents(app.deps);
    /** The operator as the audit and the ledger name them: the account and its login. */
    const operatorOf = async (req: FastifyRequest): Promise<Operator> => {
      const id = operatorUser(req).id;
      return { id, name: (await findPlayerRecord(db, id))?.login ?? `#${id}` };
    };

    r.get(
      '/api/v1/admin/players',
      {
        config: { operatorAction: 'players.read' },
        schema: { tags, summary: 'Find players by id, login, nickname, Steam login or SteamID64', querystring: operatorPlayersQuery, response: okResponse(operatorPlayersResponse) },
      },
      // The console's lists read the replica (decision 084): a player who signed up a moment ago may be found its lag later.
      async (req) => ok(await searchPlayers(replica, req.query.q)),
    );
    r.get(
      '/api/v1/admin/players/in-debt',
      {
        config: { operatorAction: 'players.read' },
        schema: { tags, summary: 'Players whose balance is below zero (a deposit refunded or charged back after it was spent), deepest debt first', response: okResponse(operatorDebtorsResponse) },
      },
      // A list to look into, each debt acted on from the player's own record, read on the primary.
      async () => ok(await listPlayersInDebt(replica)),
    );
    r.get(
      '/api/v1/admin/players/:id',
      {
        config: { operatorAction: 'players.read', errors: ['userNotFound'] },
        schema: { tags, summary: "A player's record: account, Steam data, sign-in providers, standing, balances and totals", params: operatorPlayerParams, response: okResponse(operatorPlayer) },
      },
      async (req) => ok(await getPlayer(db, req.params.id)),
    );
    r.get(
      '/api/v1/admin/players/:id/ledger',
      {
        config: { operatorAction: 'players.read', errors: ['userNotFound'] },
        schema: { tags, summary: "A player's ledger rows, newest first, optionally of one currency", params: operatorPlayerParams, querystring: operatorLedgerQuery, response: okResponse(operatorLedgerResponse) },
      },
      // The ledger's pages from the replica: the record above it, with the balance an adjustment starts from, is the primary's.
      async (req) =>
        ok(
          await getPlayerLedger(replica, {
            userId: req.params.id,
            currency: req.query.currency,
            page: req.query.page,
            perPage: req.query.per_page,
          }),
        ),
    );
    r.post(
      '/api/v1/admin/players/:id/balance',
      {
        config: { operatorAction: 'players.balance', errors: ['amount_invalid', 'userNotFound', 'operator_rank', 'balance_error', 'coins_error', 'idempotency_key_reused'] },
        schema: { tags, summary: "Credit or debit a player's wallet by hand, with a reason (never below zero; never one's own or an operator's of one's role or above)", params: operatorPlayerParams, body: balanceAdjustmentBody, response: okResponse(balanceAdjustmentResult) },
      },
      async (req) =>
        ok(
          await adjustBalance({
            db,
            userId: req.params.id,
            amount: req.body.amount,
            currency: req.body.currency,
            reason: req.body.reason,
            operator: await operatorOf(req),
            idempotencyKey: idempotencyKey(req),
          }),
        ),
    );
    r.post(
      '/api/v1/admin/players/:id/block',
      {
        config: { operatorAction: 'players.block', errors: ['userNotFound', 'operator_rank', 'last_admin'] },
        schema: { tags, summary: 'Block a player: their sessions sign nobody in until unblocked (never oneself, an operator of one’s role or above, or the last acting admin)', params: operatorPlayerParams, body: blockBody, response: okResponse(playerStanding) },
      },
      async (req) =>
        ok(
          await setPlayerBlocked({
            db,
            userId: req.params.id,
            block: true,
            reason: req.body.reason,
            operator: await operatorOf(req),
            events,
            now: clock.now(),
          }),
        ),
    );
    r.post(
      '/api/v1/admin/players/:id/unblock',
      {
        config: { operatorAction: 'players.block', errors: ['userNotFound', 'operator_rank'] },
        schema: { tags, summary: 'Unblock a player (never oneself or an operator of one’s role or above)', params: operatorPlayerParams, body: unblockBody, response: okResponse(playerStanding) },
      },
      async (req) =>
        ok(
          await setPlayerBlocked({
            db,
            userId: req.params.id,
            block: false,
            reason: req.body?.reason ?? null,
            operator: await operatorOf(req),
            events,
            now: clock.now(),
          }),
        ),
    );

    r.get(
      '/api/v1/admin/audit',
      { config: { operatorAction: 'audit.read' }, schema: { tags, summary: "The operators' audit trail, newest first, filtered by operator or target", querystring: auditQuery, response: okResponse(auditResponse) } },
      // The trail from the replica: each change's own answer comes from the primary, and its row may show the replica's lag later.
      async (req) =>
        ok(
          await listAudit(replica, {
            page: req.query.page,
            perPage: req.query.per_page,
            operatorId: req.query.operator_id,
            targetKind: req.query.target_kind,
            targetId: req.query.target_id,
          }),
        ),
    );

    r.get(
      '/api/v1/admin/flags',
      { config: { operatorAction: 'flags.read' }, schema: { tags, summary: 'The feature flags (configured and overridden) and the tech-work switch', response: okResponse(operatorFlagsResponse) } },
      async () => ok({ flags: await listFlags(db, configuredFlags), techwork: await readTechWork(db) }),
    );
    r.post(
      '/api/v1/admin/flags',
      { config: { operatorAction: 'flags.write' }, schema: { tags, summary: 'Switch a feature flag on or off, or back to its configured value', body: flagChangeBody, response: okResponse(operatorFlagsResponse) } },
      async (req) => {
        const flags = await changeFlag({
          db,
          name: req.body.name,
          value: req.body.value,
          configured: configuredFlags,
          operator: await operatorOf(req),
          events,
        });
        return ok({ flags, techwork: await readTechWork(db) });
      },
    );
    r.post(
      '/api/v1/admin/techwork',
      { config: { operatorAction: 'techwork.write' }, schema: { tags, summary: 'Take the store offline for technical work, or back online', body: techWorkBody, response: okResponse(techWorkState) } },
      async (req) => ok(await changeTechWork({ db, on: req.body.on, operator: await operatorOf(req), events, now: clock.now() })),
    );

    operatorPlayerRecordRoutes(scope, operatorOf);
    operatorCaseRoutes(scope, operatorOf);
    operatorDashboardRoutes(scope);
    operatorExportRoutes(scope, operatorOf);
    operatorQueueRoutes(scope, operatorOf);
    operatorPromotionRoutes(scope, operatorOf);
    operatorPaymentSettingsRoutes(scope, operatorOf);
    operatorPriceRoutes(scope, parts.prices, operatorOf);
  });
}
