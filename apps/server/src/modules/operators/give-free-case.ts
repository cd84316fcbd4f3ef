import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { grantFreeCase } from '../levels/free-openings.ts';
import { userExists } from '../users/accounts.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';

/**
 * Gives a player one free opening of a case, valid for `days` days, by hand: the opening and its
 * audit row in one transaction (decision 059). `npm run admin -- free-case` comes here.
 */
export async function giveFreeCase(o: { db: Db; userId: number; slug: string; days: number; reason?: string | null; operator: Operator }) {
  return o.db.transaction(async (tx) => {
    if (!(await userExists(tx, o.userId))) throw new AppError('userNotFound');
    await refuseUnlessOutranks(tx, o.operator, o.userId);
    const granted = await grantFreeCase(tx, { userId: o.userId, slug: o.slug, days: o.days, ref: `operator:${o.operator.id ?? o.operator.name}:${randomUUID()}` });
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'players.free_case',
      target: { kind: 'player', id: o.userId },
      before: null,
      after: { case: o.slug, days: o.days, expires_at: granted.expires_at },
      reason: o.reason ?? null,
    });
    return { ...granted, audit_id: auditId };
  });
}
