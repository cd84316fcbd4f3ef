import type { ActingOperator } from '../withdrawals/operator-actions.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';

/** An operator as another module's operation needs them: the rank check and the audit row of this module. */
export const actingOperator = (operator: Operator): ActingOperator => ({
  id: operator.id,
  refuseUnlessOutranks: (tx, targetUserId) => refuseUnlessOutranks(tx, operator, targetUserId),
  recordAction: (tx, r) => recordAction(tx, { ...r, operator }),
});
