import { operatorTargetRefusal } from '@store/shared/operators';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { rolesOf } from '../users/operator-standing.ts';
import type { Operator } from './audit.ts';

/**
 * Refuses, inside the change's own transaction, an operator acting on their own account or on an
 * operator of their role or above (`operator_rank`, decision 059); the roles are read there, so a
 * role changed a moment before counts. The command line (no account) may act on anyone.
 */
export async function refuseUnlessOutranks(tx: Tx, operator: Operator, targetUserId: number): Promise<void> {
  if (operator.id === null) return;
  const roles = await rolesOf(tx, [operator.id, targetUserId]);
  if (!roles.has(targetUserId)) throw new AppError('userNotFound');
  const refusal = operatorTargetRefusal({ id: operator.id, role: roles.get(operator.id) ?? null }, { id: targetUserId, role: roles.get(targetUserId) ?? null });
  if (refusal) throw new AppError(refusal);
}
