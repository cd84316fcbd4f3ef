import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';

/**
 * Runs a money-moving operation at most once per (player, Idempotency-Key). The key row is
 * inserted in the operation's own transaction: a concurrent retry blocks on it until the first
 * commits and then reads its stored result; if the first failed and rolled back, the retry runs.
 */
export async function runOnce<T>(
  db: Db,
  opts: { userId: number; key: string | undefined; route: string },
  fn: (tx: Tx) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  const { userId, key, route } = opts;
  if (!key) return { value: await db.transaction(fn), replayed: false };
  const stored = await db.transaction(async (tx) => {
    const claimed = await tx.insert(idempotencyKeys).values({ userId, key, route }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (!claimed.length) return { replay: true as const };
    const result = await fn(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: result as never })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { replay: false as const, result };
  });
  if (!stored.replay) return { value: stored.result, replayed: false };
  const rows = await db
    .select({ response: idempotencyKeys.response, route: idempotencyKeys.route })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return { value: rows[0]!.response as T, replayed: true };
}

export function idempotencyKey(headers: Record<string, unknown>): string | undefined {
  const v = headers['idempotency-key'];
  return typeof v === 'string' && v.length > 0 && v.length <= 128 ? v : undefined;
}
