import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { idempotencyKeys } from './schema.ts';
import { AppError } from '../../http/errors.ts';

/** An `Idempotency-Key` and the call it came with: a key belongs to one call for ever. */
export interface IdempotencyKey {
  key: string;
  /** sha256 of the method, the route and its parameters, query and body. */
  requestHash: string;
}

/**
 * Runs a money-moving operation at most once per (player, Idempotency-Key). The key row is
 * inserted in the operation's own transaction: a concurrent retry blocks on it until the first
 * commits and then reads its stored result; if the first failed and rolled back, the retry runs.
 * A key reused for another operation or another request is refused, never answered with the
 * first call's result.
 */
export async function runOnce<T>(
  db: Db,
  opts: { userId: number; key: IdempotencyKey | undefined; route: string },
  fn: (tx: Tx) => Promise<T>,
): Promise<{ value: T; replayed: boolean }> {
  const { userId, key: idem, route } = opts;
  if (!idem) return { value: await db.transaction(fn), replayed: false };
  const { key, requestHash } = idem;
  const stored = await db.transaction(async (tx) => {
    const claimed = await tx.insert(idempotencyKeys).values({ userId, key, route, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (!claimed.length) return { replay: true as const };
    const result = await fn(tx);
    await tx
      .update(idempotencyKeys)
      .set({ statusCode: 200, response: result as never })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { replay: false as const, result };
  });
  if (!stored.replay) return { value: stored.result, replayed: false };
  const [first] = await db
    .select({ response: idempotencyKeys.response, route: idempotencyKeys.route, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Keys stored before request hashes existed are checked by their route alone.
  if (!first || first.route !== route || (first.requestHash !== null && first.requestHash !== requestHash)) {
    throw new AppError('idempotency_key_reused');
  }
  return { value: first.response as T, replayed: true };
}

/** JSON with object keys sorted, so the same call hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request's Idempotency-Key with the fingerprint of its call, or undefined when it sent none. */
export function idempotencyKey(req: FastifyRequest): IdempotencyKey | undefined {
  const v = req.headers['idempotency-key'];
  if (typeof v !== 'string' || v.length === 0) return undefined;
  if (v.length > 128) throw new AppError('validation', { fields: ['idempotency-key'] });
  const call = canonical({ method: req.method, route: req.routeOptions.url, params: req.params, query: req.query, body: req.body });
  return { key: v, requestHash: createHash('sha256').update(call).digest('hex') };
}
