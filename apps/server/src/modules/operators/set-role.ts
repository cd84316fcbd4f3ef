import { isAdminRole, lastAdminRefusal, type OperatorRole } from '@store/shared/operators';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { lockActingAdmins, setRole } from '../users/operator-standing.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';
import type { OperatorEvents } from './operator-events.ts';

/**
 * Gives an account an operator role, or takes it away (null), with its audit row in the same
 * transaction; the account's cached sessions are dropped so the new rights apply at once. An
 * operator sets only a lower role's, and the last acting admin keeps its role (decision 059).
 */
export async function setOperatorRole(o: { db: Db; login: string; role: OperatorRole | null; operator: Operator; events: OperatorEvents }) {
  const result = await o.db.transaction(async (tx) => {
    const actingAdmins = await lockActingAdmins(tx);
    const changed = await setRole(tx, o.login, o.role);
    await refuseUnlessOutranks(tx, o.operator, changed.userId);
    const refusal = lastAdminRefusal(changed.before, changed.after, actingAdmins);
    if (refusal) throw new AppError(refusal);
    await recordAction(tx, {
      operator: o.operator,
      action: 'roles.set',
      target: { kind: 'player', id: changed.userId },
      before: { role: changed.before.role },
      after: { role: changed.after.role },
    });
    return changed;
  });
  await o.events.accountChanged(result.userId);
  return { user_id: result.userId, login: o.login, role: result.after.role, admin: isAdminRole(result.after.role) };
}
