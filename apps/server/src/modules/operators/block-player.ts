import { lastAdminRefusal } from '@store/shared/operators';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { lockActingAdmins, setBlocked, type Standing } from '../users/operator-standing.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';
import type { OperatorEvents } from './operator-events.ts';

const presentStanding = (userId: number, s: Standing) => ({
  user_id: userId,
  role: s.role,
  blocked: s.blocked,
  blocked_at: s.blockedAt,
  blocked_reason: s.blockedReason,
});

/**
 * Blocks or unblocks a player (decision 029): only the account's standing changes, never its
 * money or items. The audit row goes in the same transaction; after commit every process forgets
 * the player's cached sessions, so their next call is refused (or served again) at once. An
 * operator acts only on a lower role, and the last acting admin is never blocked (decision 059).
 */
export async function setPlayerBlocked(o: {
  db: Db;
  userId: number;
  block: boolean;
  reason: string | null;
  operator: Operator;
  events: OperatorEvents;
  now: Date;
}) {
  const after = await o.db.transaction(async (tx) => {
    // The admins' lock comes before the account's own, in every change that may take an admin away.
    const actingAdmins = await lockActingAdmins(tx);
    await refuseUnlessOutranks(tx, o.operator, o.userId);
    const changed = await setBlocked(tx, o.userId, o.block ? { reason: o.reason ?? '', at: o.now } : null);
    const refusal = lastAdminRefusal(changed.before, changed.after, actingAdmins);
    if (refusal) throw new AppError(refusal);
    await recordAction(tx, {
      operator: o.operator,
      action: o.block ? 'players.block' : 'players.unblock',
      target: { kind: 'player', id: o.userId },
      before: { blocked: changed.before.blocked, reason: changed.before.blockedReason },
      after: { blocked: changed.after.blocked, reason: changed.after.blockedReason },
      reason: o.reason,
    });
    return changed.after;
  });
  await o.events.accountChanged(o.userId);
  return presentStanding(o.userId, after);
}
