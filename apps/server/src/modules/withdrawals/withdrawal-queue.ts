// The console's withdrawal queue, read side: which withdrawals need an operator (the queue's
// condition in SQL), the search, and each row as the console shows it with its operators' actions.
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  OPERATOR_REFUND_REASON,
  withdrawalAttention,
  WITHDRAWAL_FAILED_SHOWN_MS,
  WITHDRAWAL_STUCK_AFTER_MS,
  type OperatorWithdrawal,
} from '@store/shared/api/operator-queue';
import { toUnits } from '@store/shared/money';
import { ACTIVE_WITHDRAWAL_STATES, type WithdrawalState } from '@store/shared/withdrawals';
import type { Db, Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { withdrawals } from './schema.ts';
import { AppError } from '../../http/errors.ts';

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
    or (w.state in ('failed', 'unavailable') and w.reason is distinct from ${OPERATOR_REFUND_REASON}
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

/** Withdrawals queued because no market's balance could pay them (`BALANCE_RETRY_MS` apart). */
export async function countWaitingForBalance(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawals).where(and(eq(withdrawals.state, 'queued'), eq(withdrawals.reason, 'market_balance_short')));
  return Number(row?.n ?? 0);
}
