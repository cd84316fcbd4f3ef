// An operator's action on a withdrawal (refund, delivered, retry): the locked row checked, moved
// and audited in one transaction, and its effects after the commit.
import { eq } from 'drizzle-orm';
import { refundAsksMarket, type OperatorWithdrawal, type WithdrawalAction, withdrawalActionRefusal } from '@store/shared/api/operator-queue';
import { itemStatusOf, type WithdrawalState } from '@store/shared/withdrawals';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { applyAction } from './apply-operator-action.ts';
import { askMarketBeforeRefund } from './ask-market-before-refund.ts';
import { withdrawals } from './schema.ts';
import type { SkinVendor } from './vendor.ts';
import { getQueuedWithdrawal } from './withdrawal-queue.ts';
import type { WithdrawalMove, WithdrawalRow } from './worker-context.ts';

/**
 * The operator acting, as the operators module vouches for them: it refuses a player the operator
 * does not outrank and writes the audit row, both inside the withdrawal's own transaction.
 */
export interface ActingOperator {
  /** The operator's account, whose Idempotency-Key a retry is answered under; null from the command line. */
  id: number | null;
  refuseUnlessOutranks(tx: Tx, targetUserId: number): Promise<void>;
  recordAction(tx: Tx, r: { action: string; target: { kind: 'withdrawal'; id: number }; before: unknown; after: unknown; reason: string }): Promise<number>;
}

/** What follows a committed action: the player's page hears the move, and a withdrawal sent again wakes the worker. */
export interface WithdrawalActionEvents {
  moved(moves: WithdrawalMove[]): void;
  retried(): void;
}

/**
 * An operator's action on a withdrawal (`WITHDRAWAL_ACTION_FROM` says from which states):
 * - `refund`: the withdrawal `failed` (reason `operator_refund`) and the item back in `progress`;
 * - `delivered`: `accepted` and the item `STEAM_WITHDRAWN`;
 * - `retry`: from `support`, back to the worker as `unconfirmed` under the same marketplace id
 *   (the marketplace is asked first, so it is never bought twice), with a new countdown; from
 *   `failed`/`unavailable`, its item taken from the inventory again and the withdrawal `queued`
 *   under a new id, to the player's current trade link or Steam login.
 * The row is locked, then moved by a conditional update on the state read, with the item's status
 * and the audit row (`withdrawals.<action>`, state before and after), in one transaction: of
 * operators acting at once, one wins and the others are told the state it left. A withdrawal a
 * worker holds right now is refused (`withdrawal_busy`). With an Idempotency-Key (the operator's),
 * a retried call answers the first result and moves nothing.
 *
 * A refund first asks the marketplace about the order by our id (`refundAsksMarket`: unless no
 * purchase request ever left), outside the transaction: the refund goes on only if the order
 * failed there or the marketplace never had it (the audit row keeps its answer). An order it
 * delivered is refused with `withdrawal_delivered_at_market` (the operator marks it delivered);
 * one still pending, or no trustworthy answer (`vendor` null: none to ask), with
 * `withdrawal_market_pending`; nothing moves. The transaction then acts only on the row as it was
 * when the marketplace was asked (else `withdrawal_state_conflict`).
 */
export async function actOnWithdrawal(o: {
  db: Db;
  /** The marketplace a refund asks first; null where there is none to ask (every such refund is refused). */
  vendor: SkinVendor | null;
  id: number;
  action: WithdrawalAction;
  reason: string;
  operator: ActingOperator;
  now: Date;
  idempotencyKey?: IdempotencyKey;
  events?: WithdrawalActionEvents;
}): Promise<{ withdrawal: OperatorWithdrawal; audit_id: number }> {
  let move = null as WithdrawalMove | null;
  const key = o.operator.id === null ? undefined : o.idempotencyKey;
  const asked = o.action === 'refund' ? await askMarketBeforeRefund(o.db, o.vendor, o.id, o.now) : null;
  const { value, replayed } = await runOnce(o.db, { userId: o.operator.id ?? 0, key, route: `operator_withdrawal_${o.action}` }, async (tx) => {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, o.id)).for('update');
    if (!w) throw new AppError('withdrawal_not_found');
    // A withdrawal's items are its player's: an operator acts on a lower role's only, never their own.
    await o.operator.refuseUnlessOutranks(tx, w.userId);
    const from = w.state as WithdrawalState;
    const refusal = withdrawalActionRefusal(o.action, { state: from, reason: w.reason, updatedAt: w.updatedAt, working: w.leaseUntil !== null && w.leaseUntil > o.now }, o.now);
    if (refusal) throw new AppError(refusal, { state: from });
    // A refund acts only on the withdrawal the marketplace was asked about, as it was then.
    if (o.action === 'refund' && refundAsksMarket(w) && (!asked || !sameRow(asked.row, w))) throw new AppError('withdrawal_state_conflict', { state: from });
    const moved = await applyAction(tx, w, o.action, o.now);
    const auditId = await o.operator.recordAction(tx, {
      action: `withdrawals.${o.action}`,
      target: { kind: 'withdrawal', id: w.id },
      before: {
        state: from,
        reason: w.reason,
        custom_id: w.customId,
        vendor_order_id: w.vendorOrderId,
        placed_at: w.placedAt?.toISOString() ?? null,
        item_status: itemStatusOf(from),
        // What the marketplace said of the order (a refund only): it was over there, or never asked for.
        ...(o.action === 'refund' ? { market: refundAsksMarket(w) ? asked!.answer : { status: 'not_asked' } } : {}),
      },
      after: { state: moved.state, reason: moved.reason, custom_id: moved.customId, item_status: itemStatusOf(moved.state as WithdrawalState) },
      reason: o.reason,
    });
    move = { withdrawal: moved, from, to: moved.state as WithdrawalState };
    return { withdrawal: await getQueuedWithdrawal(tx, w.id, o.now), audit_id: auditId };
  });
  if (!replayed && move) {
    o.events?.moved([move]);
    if (o.action === 'retry') o.events?.retried();
  }
  return value;
}

/** The locked row is the one read before the marketplace was asked: same state, same order id, no move since. */
const sameRow = (a: WithdrawalRow, b: WithdrawalRow) => a.state === b.state && a.customId === b.customId && a.updatedAt.getTime() === b.updatedAt.getTime();
