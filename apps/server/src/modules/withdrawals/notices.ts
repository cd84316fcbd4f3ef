import type { WithdrawalNotice } from '@store/shared/api/withdrawals';
import { userChannel, WITHDRAWAL_EVENT } from '@store/shared/channels';
import { itemStatusOf, withdrawalAlert } from '@store/shared/withdrawals';
import type { Bus } from '../../realtime/bus.ts';
import type { WithdrawalMove } from './worker-context.ts';

/** What the player's page is told of a move: the item's new status and the alert to show. */
export function noticeOf(m: WithdrawalMove): WithdrawalNotice {
  const w = m.withdrawal;
  return {
    id: w.itemId,
    status: itemStatusOf(m.to),
    state: m.to,
    reason: w.reason,
    trade_id: w.tradeId,
    send_until: w.sendUntil?.toISOString() ?? null,
    alert: withdrawalAlert(m.to, w.reason),
  };
}

/**
 * Tells each player the moves of their withdrawals after they are committed (the worker calls
 * this once per pass). A move the item does not show (a purchase asked for again while still
 * `PREPARING`) says nothing new and is not sent.
 */
export function publishMoves(bus: Bus, moves: readonly WithdrawalMove[]): void {
  for (const m of moves) {
    if (itemStatusOf(m.from) === itemStatusOf(m.to)) continue;
    bus.publish(userChannel(m.withdrawal.userId), WITHDRAWAL_EVENT, noticeOf(m));
  }
}
