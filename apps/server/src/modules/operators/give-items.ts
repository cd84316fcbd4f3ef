import { toUnits } from '@store/shared/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { grantItems } from '../inventory/grant-items.ts';
import { userExists } from '../users/accounts.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';

/**
 * Puts catalogue items into a player's inventory by hand (support's compensation, tests): the
 * items, each in `progress` naming the operator as its source, and the audit row listing them, in
 * one transaction (decision 059). `npm run admin -- give-item` comes here.
 */
export async function giveItems(o: {
  db: Db;
  userId: number;
  item: { key: string; price: number };
  count: number;
  reason?: string | null;
  operator: Operator;
}) {
  return o.db.transaction(async (tx) => {
    if (!(await userExists(tx, o.userId))) throw new AppError('userNotFound');
    await refuseUnlessOutranks(tx, o.operator, o.userId);
    const rows = await grantItems(tx, {
      userId: o.userId,
      source: 'Operator',
      sourceRef: `operator:${o.operator.id ?? o.operator.name}`,
      items: Array.from({ length: o.count }, () => ({ key: o.item.key, price: o.item.price })),
    });
    const ids = rows.map((r) => r.id);
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'players.items',
      target: { kind: 'player', id: o.userId },
      before: null,
      after: { item: o.item.key, count: ids.length, price: toUnits(o.item.price), inventory_ids: ids },
      reason: o.reason ?? null,
    });
    return { user_id: o.userId, inventory_ids: ids, item: o.item.key, price: toUnits(o.item.price), audit_id: auditId };
  });
}
