import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  operatorPaymentsQuery,
  operatorPaymentsResponse,
  operatorWithdrawalParams,
  operatorWithdrawalsQuery,
  operatorWithdrawalsResponse,
  withdrawalActionBody,
  withdrawalActionResult,
  marketBalancesResponse,
  type WithdrawalAction,
} from '@store/shared/api/operator-queue';
import type { ErrorCode } from '@store/shared/errors';
import { STEAM_DATA_ERRORS } from '@store/shared/steam';
import { ok, okResponse } from '../../http/envelope.ts';
import { listPaymentsForOperators } from '../payments/list-payments.ts';
import { idempotencyKey } from '../wallet/idempotency.ts';
import { publishMoves } from '../withdrawals/notices.ts';
import { actOnWithdrawal, type WithdrawalActionEvents } from '../withdrawals/operator-actions.ts';
import { countWaitingForBalance, listWithdrawalQueue } from '../withdrawals/withdrawal-queue.ts';
import { toUnits } from '@store/shared/money';
import type { Operator } from './audit.ts';
import { actingOperator } from './acting-operator.ts';

const tags = ['admin'];
/** How old a market balance the console may show without asking the market again. */
const FRESH_BALANCE_MS = 5_000;

/**
 * Any action is refused on a withdrawal that is gone, in the wrong state, held by the worker, or
 * whose item left, and on one of the operator's own or of an operator of their role or above.
 */
const ACTION_REFUSALS = ['withdrawal_not_found', 'withdrawal_state_conflict', 'withdrawal_busy', 'withdrawal_item_gone', 'idempotency_key_reused', 'operator_rank'] as const satisfies readonly ErrorCode[];

const WITHDRAWAL_ACTIONS: Record<WithdrawalAction, { summary: string; errors: readonly ErrorCode[] }> = {
  retry: {
    summary: 'Send a withdrawal again (from support under its marketplace id, else under a new one)',
    // Sent again to the player's trade link or Steam login as it is now, which may have gone bad.
    errors: [...ACTION_REFUSALS, ...STEAM_DATA_ERRORS, 'inWithdrawalProcess'],
  },
  refund: {
    summary: "Refund a withdrawal: its item back to the player, once the marketplace says the order is over",
    errors: [...ACTION_REFUSALS, 'withdrawal_delivered_at_market', 'withdrawal_market_pending'],
  },
  delivered: { summary: 'Mark a withdrawal delivered: its item leaves the inventory as withdrawn', errors: ACTION_REFUSALS },
};

/**
 * The console's withdrawal queue and payments (decision 032), registered in the guarded scope of
 * `operatorRoutes`: support and admins read them and act on withdrawals (retry, refund to the
 * inventory, mark delivered); each action writes its audit row in the transaction of the change.
 * A refund first asks the marketplace about the order (`actOnWithdrawal`).
 */
export function operatorQueueRoutes(scope: FastifyInstance, operatorOf: (req: FastifyRequest) => Promise<Operator>) {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock, bus, withdrawalWorker, vendor } = scope.deps;
  // After a commit: the player's page hears the move, and a withdrawal sent again is taken up now.
  const events: WithdrawalActionEvents = { moved: (moves) => publishMoves(bus, moves), retried: () => withdrawalWorker.wake() };

  r.get(
    '/api/v1/admin/withdrawals',
    {
      config: { operatorAction: 'withdrawals.read' },
      schema: { tags, summary: 'The withdrawal queue, by state or search, paged', querystring: operatorWithdrawalsQuery, response: okResponse(operatorWithdrawalsResponse) },
    },
    async (req) =>
      ok(await listWithdrawalQueue(db, { state: req.query.state, q: req.query.q || undefined, page: req.query.page, perPage: req.query.per_page, now: clock.now() })),
  );

  const action = (name: WithdrawalAction) =>
    r.post(
      `/api/v1/admin/withdrawals/:id/${name}`,
      {
        config: { operatorAction: 'withdrawals.write', errors: WITHDRAWAL_ACTIONS[name].errors },
        schema: { tags, summary: WITHDRAWAL_ACTIONS[name].summary, params: operatorWithdrawalParams, body: withdrawalActionBody, response: okResponse(withdrawalActionResult) },
      },
      async (req) =>
        ok(
          await actOnWithdrawal({
            db,
            // A refund asks the marketplace about the order first (the worker's own adapter).
            vendor,
            id: req.params.id,
            action: name,
            reason: req.body.reason,
            operator: actingOperator(await operatorOf(req)),
            now: clock.now(),
            idempotencyKey: idempotencyKey(req),
            events,
          }),
        ),
    );
  action('retry');
  action('refund');
  action('delivered');

  r.get(
    '/api/v1/admin/market-balances',
    { config: { operatorAction: 'withdrawals.read' }, schema: { tags, summary: "The store's balance at each marketplace, and the withdrawals waiting for it", response: okResponse(marketBalancesResponse) } },
    async () => {
      const balances = scope.deps.marketBalances;
      // An operator looking at the queue is shown balances at most a few seconds old: one call per market.
      if (balances.olderThan(FRESH_BALANCE_MS)) await balances.refresh();
      return ok({
        warn_below: toUnits(balances.warnBelow),
        markets: balances.list().map((m) => ({ market: m.market, balance: m.balance === null ? null : toUnits(m.balance), checked_at: m.checkedAt?.toISOString() ?? null, low: m.low })),
        waiting: await countWaitingForBalance(db),
      });
    },
  );

  r.get(
    '/api/v1/admin/payments',
    { config: { operatorAction: 'payments.read' }, schema: { tags, summary: 'Deposit orders, searched and filtered by status, paged', querystring: operatorPaymentsQuery, response: okResponse(operatorPaymentsResponse) } },
    async (req) => ok(await listPaymentsForOperators(db, req.query)),
  );
}
