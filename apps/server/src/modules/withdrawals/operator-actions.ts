import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  OPERATOR_DELIVERED_REASON,
  OPERATOR_REFUND_REASON,
  refundAsksMarket,
  withdrawalAttention,
  WITHDRAWAL_FAILED_SHOWN_MS,
  WITHDRAWAL_STUCK_AFTER_MS,
  type OperatorWithdrawal,
  type WithdrawalAction,
  withdrawalActionRefusal,
} from '@store/shared/api/operator-queue';
import { toUnits } from '@store/shared/money';
import { checkSteamLogin, checkTradeUrl } from '@store/shared/steam';
import { ACTIVE_WITHDRAWAL_STATES, itemStatusOf, WITHDRAWAL_COUNTDOWN_MS, type WithdrawalState } from '@store/shared/withdrawals';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { setWithdrawalStatus, takeForWithdrawal } from '../inventory/withdraw-items.ts';
import { findSteamData } from '../users/accounts.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { withdrawals } from './schema.ts';
import { VendorUnreachable, type OrderStatus, type SkinVendor } from './vendor.ts';
import type { WithdrawalMove, WithdrawalRow } from './withdrawal-worker.ts';

// Why an operator refunded or confirmed a withdrawal, as its `reason` says (the audit row names who and why).
const OPERATOR_REFUND = OPERATOR_REFUND_REASON;
const OPERATOR_DELIVERED = OPERATOR_DELIVERED_REASON;

/** What follows a committed action: the player's page hears the move, and a withdrawal sent again wakes the worker. */
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

export interface WithdrawalActionEvents {
  moved(moves: WithdrawalMove[]): void;
  retried(): void;
}

interface QueueRow {
  id: number | string;
  state: WithdrawalState;
  reason: string | null;
  user_id: number;
  login: string;
  nickname: string;
  item_id: number | string;
  item_key: string;
  market_name: string;
  item_price: number | string;
  item_status: string;
  item_latest: boolean;
  max_price: number | string;
  method: 'trade' | 'login';
  trade_link: string | null;
  steam_login: string | null;
  custom_id: string;
  vendor_order_id: string | null;
  trade_id: string | null;
  send_until: Date | string | null;
  attempts: number;
  lease_until: Date | string | null;
  created_at: Date | string;
  placed_at: Date | string | null;
  updated_at: Date | string;
  deadline: Date | string;
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const active = sql.raw(`(${ACTIVE_WITHDRAWAL_STATES.map((s) => `'${s}'`).join(', ')})`);

/**
 * The queue's condition (`withdrawalAttention` in SQL, so a page of the queue is one query): handed
 * to the operators; failed lately with its item still waiting, unsent, in the inventory (not one an
 * operator refunded); a purchase with no trustworthy answer; or no move for the stuck limit.
 */
function attentionWhere(now: Date): SQL {
  return sql`(w.state = 'support'
    or w.state = 'unconfirmed'
    or (w.state in ${active} and w.updated_at < ${stamp(new Date(now.getTime() - WITHDRAWAL_STUCK_AFTER_MS))})
    or (w.state in ('failed', 'unavailable') and w.reason is distinct from ${OPERATOR_REFUND}
        and w.updated_at >= ${stamp(new Date(now.getTime() - WITHDRAWAL_FAILED_SHOWN_MS))}
        and i.status = 'progress' and not exists (select 1 from withdrawals later where later.item_id = w.item_id and later.id > w.id)))`;
}

/** A withdrawal by its id, a player's id, login or nickname, or a marketplace reference. */
function searchWhere(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^\d{1,12}$/.test(q) ? Number(q) : null;
  return sql`(${id === null ? sql`false` : sql`w.id = ${id} or w.user_id = ${id}`}
    or u.login ilike ${like} or u.nickname ilike ${like} or w.custom_id = ${q} or w.vendor_order_id = ${q} or w.trade_id = ${q})`;
}

const queueSelect = sql`select w.id, w.state, w.reason, w.user_id, u.login, u.nickname, w.item_id, w.item_key, w.market_name,
    i.price as item_price, i.status as item_status,
    not exists (select 1 from withdrawals later where later.item_id = w.item_id and later.id > w.id) as item_latest,
    w.max_price, w.method, w.trade_link, w.steam_login, w.custom_id, w.vendor_order_id, w.trade_id, w.send_until, w.attempts,
    w.lease_until, w.created_at, w.placed_at, w.updated_at, w.deadline
  from withdrawals w join users u on u.id = w.user_id join inventory_items i on i.id = w.item_id`;

async function present(db: Executor, list: QueueRow[], now: Date): Promise<OperatorWithdrawal[]> {
  const ids = list.map((r) => String(r.id));
  const history = ids.length
    ? await rows<{ target_id: string; action: string; operator_name: string; reason: string | null; created_at: Date | string }>(
        db,
        sql`select target_id, action, operator_name, reason, created_at from operator_actions
             where target_kind = 'withdrawal' and target_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id`,
      )
    : [];
  return list.map((r) => {
    const updatedAt = new Date(r.updated_at);
    const leaseUntil = r.lease_until === null ? null : new Date(r.lease_until);
    return {
      id: Number(r.id),
      state: r.state,
      attention: withdrawalAttention({ state: r.state, reason: r.reason, updatedAt, itemWaiting: r.item_status === 'progress' && r.item_latest }, now),
      reason: r.reason,
      player: { id: Number(r.user_id), login: r.login, nickname: r.nickname },
      item: { id: Number(r.item_id), key: r.item_key, name: r.market_name, price: toUnits(Number(r.item_price)), status: r.item_status },
      max_price: toUnits(Number(r.max_price)),
      method: r.method,
      trade_link: r.trade_link,
      steam_login: r.steam_login,
      custom_id: r.custom_id,
      vendor_order_id: r.vendor_order_id,
      trade_id: r.trade_id,
      send_until: iso(r.send_until),
      attempts: Number(r.attempts),
      working: leaseUntil !== null && leaseUntil > now,
      created_at: iso(r.created_at)!,
      placed_at: iso(r.placed_at),
      updated_at: updatedAt.toISOString(),
      deadline: iso(r.deadline)!,
      history: history
        .filter((h) => h.target_id === String(r.id))
        .map((h) => ({ action: h.action, operator: h.operator_name, reason: h.reason, at: iso(h.created_at)! })),
    };
  });
}

/**
 * The console's withdrawal queue: those needing an operator (`attention`) or all of them, newest
 * first, a page at a time, each with its player, item, price, marketplace references, times and
 * the operators' actions on it.
 */
export async function listWithdrawalQueue(db: Db, o: { state: 'attention' | 'all'; q?: string; page: number; perPage: number; now: Date }) {
  const where = sql`${o.state === 'attention' ? attentionWhere(o.now) : sql`true`} and ${searchWhere(o.q)}`;
  const [list, [total]] = await Promise.all([
    rows<QueueRow>(db, sql`${queueSelect} where ${where} order by w.id desc limit ${o.perPage} offset ${(o.page - 1) * o.perPage}`),
    rows<{ n: number | string }>(
      db,
      sql`select count(*) as n from withdrawals w join users u on u.id = w.user_id join inventory_items i on i.id = w.item_id where ${where}`,
    ),
  ]);
  return { items: await present(db, list, o.now), total: Number(total?.n ?? 0), page: o.page, per_page: o.perPage };
}

/** One withdrawal as the queue shows it. */
export async function getQueuedWithdrawal(db: Executor, id: number, now: Date): Promise<OperatorWithdrawal> {
  const [row] = await rows<QueueRow>(db, sql`${queueSelect} where w.id = ${id}`);
  if (!row) throw new AppError('withdrawal_not_found');
  return (await present(db, [row], now))[0]!;
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

/** What the marketplace said of an order before its refund, as the audit row keeps it. */
type MarketAnswer = { status: 'not_found' } | { status: 'failed'; order_id: string; reason: string };

/**
 * Asks the marketplace about the order of a withdrawal about to be refunded, outside any
 * transaction, and refuses the refund unless the order is over there: delivered
 * (`withdrawal_delivered_at_market`), pending or no answer (`withdrawal_market_pending`, with
 * `params.market`). Null when there is nothing to ask: not a withdrawal a refund may take now (the
 * transaction refuses it, or answers a replayed call), or no purchase request ever left.
 */
async function askMarketBeforeRefund(db: Db, vendor: SkinVendor | null, id: number, now: Date): Promise<{ row: WithdrawalRow; answer: MarketAnswer } | null> {
  const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!w || !refundAsksMarket(w)) return null;
  const working = w.leaseUntil !== null && w.leaseUntil > now;
  if (withdrawalActionRefusal('refund', { state: w.state as WithdrawalState, reason: w.reason, updatedAt: w.updatedAt, working }, now)) return null;
  let status: OrderStatus | VendorUnreachable;
  try {
    if (!vendor) throw new VendorUnreachable('no marketplace to ask');
    status = (await vendor.statuses([w.customId])).get(w.customId) ?? new VendorUnreachable('the marketplace did not report on the order');
  } catch (err) {
    if (!(err instanceof VendorUnreachable)) throw err;
    status = err;
  }
  if (status instanceof VendorUnreachable) throw new AppError('withdrawal_market_pending', { market: 'unreachable' });
  switch (status.kind) {
    case 'accepted':
      throw new AppError('withdrawal_delivered_at_market', { order_id: status.orderId, trade_id: status.tradeId });
    case 'waiting_seller':
    case 'offer_sent':
      throw new AppError('withdrawal_market_pending', { market: status.kind, order_id: status.orderId });
    case 'failed':
      return { row: w, answer: { status: 'failed', order_id: status.orderId, reason: status.reason } };
    case 'not_found':
      return { row: w, answer: { status: 'not_found' } };
  }
}

/** The locked row is the one read before the marketplace was asked: same state, same order id, no move since. */
const sameRow = (a: WithdrawalRow, b: WithdrawalRow) => a.state === b.state && a.customId === b.customId && a.updatedAt.getTime() === b.updatedAt.getTime();

/** The conditional move of one action, and its item's; the moved row. */
async function applyAction(tx: Tx, w: WithdrawalRow, action: WithdrawalAction, now: Date): Promise<WithdrawalRow> {
  const unleased = { nextAt: now, leaseUntil: null, leaseOwner: null, updatedAt: now };
  const moveTo = async (patch: Partial<WithdrawalRow>): Promise<WithdrawalRow> => {
    const [moved] = await tx
      .update(withdrawals)
      .set({ ...patch, ...unleased })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, w.state)))
      .returning();
    if (!moved) throw new AppError('withdrawal_state_conflict', { state: w.state });
    return moved;
  };
  const itemTo = async (status: Parameters<typeof setWithdrawalStatus>[2]) => {
    if (!(await setWithdrawalStatus(tx, w.itemId, status))) throw new AppError('withdrawal_item_gone');
  };
  switch (action) {
    case 'refund': {
      const moved = await moveTo({ state: 'failed', reason: OPERATOR_REFUND });
      await itemTo('progress');
      return moved;
    }
    case 'delivered': {
      const moved = await moveTo({ state: 'accepted', reason: OPERATOR_DELIVERED });
      await itemTo('STEAM_WITHDRAWN');
      return moved;
    }
    case 'retry': {
      const deadline = new Date(now.getTime() + WITHDRAWAL_COUNTDOWN_MS);
      if (w.state === 'support') {
        // The order may live at the marketplace: ask it by our id before anything else, the support clock restarted.
        const moved = await moveTo({ state: 'unconfirmed', reason: null, deadline, placedAt: null });
        await itemTo('PREPARING');
        return moved;
      }
      const destination = await currentDestination(tx, w);
      try {
        await takeForWithdrawal(tx, { userId: w.userId, ids: [w.itemId], timerEndsAt: deadline });
      } catch (err) {
        if (err instanceof AppError && err.code === 'invalidItem') throw new AppError('withdrawal_item_gone');
        throw err;
      }
      // Its old order is over at the marketplace: a new id is a new purchase, made once.
      return moveTo({
        state: 'queued',
        reason: null,
        customId: `w-${randomUUID()}`,
        vendorOrderId: null,
        tradeId: null,
        sendUntil: null,
        placedAt: null,
        deadline,
        ...destination,
      });
    }
  }
}

/** Where a withdrawal sent again goes: the player's trade link or Steam login as it is now (they may have fixed it). */
async function currentDestination(tx: Tx, w: WithdrawalRow): Promise<{ tradeLink: string | null; steamLogin: string | null }> {
  const steam = await findSteamData(tx, w.userId);
  if (!steam) throw new AppError('userNotFound');
  const bad = w.method === 'trade' ? checkTradeUrl(steam.link) : checkSteamLogin(steam.login);
  if (bad) throw new AppError(bad);
  return w.method === 'trade' ? { tradeLink: steam.link, steamLogin: null } : { tradeLink: null, steamLogin: steam.login };
}
