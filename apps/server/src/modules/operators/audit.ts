import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditEntry } from '@store/shared/api/operators';
import type { AuditTargetKind } from '@store/shared/operators';
import type { Executor, Tx } from '../../db/client.ts';
import { operatorActions } from './schema.ts';

/** Who did it: an operator's account in the console, or a name alone from `npm run admin`. */
export interface Operator {
  id: number | null;
  name: string;
}

export interface ActionRecord {
  operator: Operator;
  action: string;
  target: { kind: AuditTargetKind; id: string | number };
  before: unknown;
  after: unknown;
  reason?: string | null;
}

/** Writes the audit row of a change, inside the transaction of the change itself; its id. */
export async function recordAction(tx: Tx, r: ActionRecord): Promise<number> {
  const [row] = await tx
    .insert(operatorActions)
    .values({
      operatorId: r.operator.id,
      operatorName: r.operator.name,
      action: r.action,
      targetKind: r.target.kind,
      targetId: String(r.target.id),
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason ?? null,
    })
    .returning({ id: operatorActions.id });
  return row!.id;
}

/** The audit, newest first, a page at a time, by operator and/or target. */
export async function listAudit(
  db: Executor,
  q: { page: number; perPage: number; operatorId?: number; targetKind?: string; targetId?: string },
): Promise<{ items: AuditEntry[]; total: number; page: number; per_page: number }> {
  const where = and(
    q.operatorId === undefined ? undefined : eq(operatorActions.operatorId, q.operatorId),
    q.targetKind === undefined ? undefined : eq(operatorActions.targetKind, q.targetKind),
    q.targetId === undefined ? undefined : eq(operatorActions.targetId, q.targetId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(operatorActions)
      .where(where)
      .orderBy(desc(operatorActions.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorActions)
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      operator: { id: r.operatorId, name: r.operatorName },
      action: r.action,
      target: { kind: r.targetKind, id: r.targetId },
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
      at: r.createdAt.toISOString(),
    })),
    total: Number(count?.n ?? 0),
    page: q.page,
    per_page: q.perPage,
  };
}
