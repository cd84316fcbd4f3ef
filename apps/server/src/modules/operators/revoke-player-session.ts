import type { Db } from '../../db/client.ts';
import { revokeSessionById, sessionId } from '../auth/sessions.ts';
import { recordAction, type Operator } from './audit.ts';
import { refuseUnlessOutranks } from './operator-rank.ts';
import type { OperatorEvents } from './operator-events.ts';

/**
 * Ends one of a player's sessions from the console (a stolen account, a lost phone): the session
 * revoked and the audit row written in one transaction, then every process forgets the player's
 * cached sessions so the ended one is refused at once. A session already ended changes nothing
 * and writes no row. An operator ends only a lower role's sessions (decision 059).
 */
export async function revokePlayerSession(o: { db: Db; userId: number; id: string; reason: string; operator: Operator; events: OperatorEvents }) {
  const result = await o.db.transaction(async (tx) => {
    await refuseUnlessOutranks(tx, o.operator, o.userId);
    const tokenHash = await revokeSessionById(tx, o.userId, o.id);
    if (!tokenHash) return { revoked: false, audit_id: null };
    const auditId = await recordAction(tx, {
      operator: o.operator,
      action: 'players.sessions',
      target: { kind: 'player', id: o.userId },
      before: { session: sessionId(tokenHash), open: true },
      after: { session: sessionId(tokenHash), open: false },
      reason: o.reason,
    });
    return { revoked: true, audit_id: auditId };
  });
  if (result.revoked) await o.events.accountChanged(o.userId);
  return result;
}
