import { and, count, eq, sql } from 'drizzle-orm';
import { checkPromo, type PromoError, type PromoRecord, type PromoTerms } from '@store/shared/payments/promo';
import type { Executor, Tx } from '../../db/client.ts';
import { promoCodes, promoUses, userPromos } from './schema.ts';

/**
 * The promo tables (promo_codes, promo_uses, user_promos), owned by the payments module.
 * Every use is counted twice on purpose: a row in promo_uses (who, which order, how much) and
 * the `uses` counter on the code, which the code's row lock and a CHECK keep within the total limit.
 */
type PromoRow = typeof promoCodes.$inferSelect;

export const toPromoRecord = (row: PromoRow): PromoRecord => ({
  code: row.code,
  terms: row.terms as unknown as PromoTerms,
  startsAt: row.startsAt?.getTime() ?? null,
  expiresAt: row.expiresAt?.getTime() ?? null,
  totalLimit: row.totalLimit,
  perUserLimit: row.perUserLimit,
  disabled: row.disabledAt !== null,
});

/**
 * A code and its uses so far. With `lock`, the code's row stays locked until the transaction
 * ends, so two uses of one code (two players, or one player twice) are checked one after the other.
 */
export async function findPromo(
  ex: Executor,
  code: string,
  opts: { lock?: boolean } = {},
): Promise<{ record: PromoRecord; uses: number } | null> {
  const query = ex.select().from(promoCodes).where(eq(promoCodes.code, code));
  const rows = opts.lock ? await query.for('update') : await query;
  const row = rows[0];
  return row ? { record: toPromoRecord(row), uses: row.uses } : null;
}

export async function countUserUses(ex: Executor, code: string, userId: number): Promise<number> {
  const rows = await ex
    .select({ n: count() })
    .from(promoUses)
    .where(and(eq(promoUses.code, code), eq(promoUses.userId, userId)));
  return Number(rows[0]?.n ?? 0);
}

/** Why `userId` (null for a guest) cannot use the code now, or the code when it can. */
export async function checkPromoFor(
  ex: Executor,
  opts: { code: string; userId: number | null; now: Date; lock?: boolean },
): Promise<{ ok: true; record: PromoRecord } | { ok: false; error: PromoError }> {
  const found = await findPromo(ex, opts.code, { lock: opts.lock });
  const userUses = found && opts.userId !== null ? await countUserUses(ex, opts.code, opts.userId) : 0;
  const error = checkPromo({ promo: found?.record, now: opts.now.getTime(), totalUses: found?.uses ?? 0, userUses });
  return error || !found ? { ok: false, error: error ?? 'promo_not_found' } : { ok: true, record: found.record };
}

/** Records one use: the row and the counter (call with the code's row locked by checkPromoFor). */
export async function recordPromoUse(tx: Tx, use: { code: string; userId: number; orderId: string | null; creditedMinor: number }) {
  await tx.insert(promoUses).values(use);
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.code, use.code));
}

/** The code a player applied and has not used yet. */
export async function attachedPromoCode(ex: Executor, userId: number): Promise<string | null> {
  const rows = await ex.select({ code: userPromos.code }).from(userPromos).where(eq(userPromos.userId, userId));
  return rows[0]?.code ?? null;
}

export async function attachPromo(tx: Tx, userId: number, code: string, now: Date) {
  await tx
    .insert(userPromos)
    .values({ userId, code, appliedAt: now })
    .onConflictDoUpdate({ target: userPromos.userId, set: { code, appliedAt: now } });
}

/** Detaches the player's code; with `code`, only when that is the one attached. True when one was. */
export async function detachPromo(ex: Executor, userId: number, code?: string): Promise<boolean> {
  const rows = await ex
    .delete(userPromos)
    .where(and(eq(userPromos.userId, userId), code ? eq(userPromos.code, code) : undefined))
    .returning({ code: userPromos.code });
  return rows.length > 0;
}

/** Inserts a code unless one with that name exists; true when inserted. */
export async function insertPromoCode(ex: Executor, promo: PromoRecord & { createdBy: string }): Promise<boolean> {
  const rows = await ex
    .insert(promoCodes)
    .values({
      code: promo.code,
      kind: promo.terms.kind,
      terms: promo.terms as unknown as Record<string, unknown>,
      startsAt: promo.startsAt === null ? null : new Date(promo.startsAt),
      expiresAt: promo.expiresAt === null ? null : new Date(promo.expiresAt),
      totalLimit: promo.totalLimit,
      perUserLimit: promo.perUserLimit,
      createdBy: promo.createdBy,
    })
    .onConflictDoNothing()
    .returning({ code: promoCodes.code });
  return rows.length > 0;
}
