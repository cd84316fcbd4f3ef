// An operator's action as a write: the withdrawal's conditional move and its item's status (a
// withdrawal sent again takes its item back and goes to the player's current destination).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { OPERATOR_DELIVERED_REASON, OPERATOR_REFUND_REASON, type WithdrawalAction } from '@store/shared/api/operator-queue';
import { checkSteamLogin, checkTradeUrl } from '@store/shared/steam';
import { WITHDRAWAL_COUNTDOWN_MS } from '@store/shared/withdrawals';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { setWithdrawalStatus, takeForWithdrawal } from '../inventory/withdraw-items.ts';
import { findSteamData } from '../users/accounts.ts';
import { withdrawals } from './schema.ts';
import type { WithdrawalRow } from './worker-context.ts';

// Why an operator refunded or confirmed a withdrawal, as its `reason` says (the audit row names who and why).
const OPERATOR_REFUND = OPERATOR_REFUND_REASON;
const OPERATOR_DELIVERED = OPERATOR_DELIVERED_REASON;

/** The conditional move of one action, and its item's; the moved row. */
export async function applyAction(tx: Tx, w: WithdrawalRow, action: WithdrawalAction, now: Date): Promise<WithdrawalRow> {
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
