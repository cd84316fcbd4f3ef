import { and, asc, count, countDistinct, eq, isNotNull, isNull, max, sql, sum } from 'drizzle-orm';
import type { PromoTerms } from '@store/shared/payments/promo';
import type { Executor, Tx } from '../../db/client.ts';
import { promoCodes, promoUses, userPromos } from './schema.ts';

/**
 * The promo tables as operators change them (the console and `npm run admin`): a code's row is
 * locked while it changes, and a change touches the code's terms, dates and limits only; the
 * uses already recorded, and what they credited, stay as they were.
 */
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** What an operator may change on a code; `terms` keep their kind. */
export interface PromoCodeFields {
  terms?: PromoTerms;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  totalLimit?: number;
  perUserLimit?: number;
}

export interface PromoUsageRow {
  uses: number;
  creditedMinor: number;
  players: number;
  attached: number;
  lastUsedAt: Date | null;
}

export async function listPromoCodeRows(ex: Executor): Promise<PromoCodeRow[]> {
  return ex.select().from(promoCodes).orderBy(asc(promoCodes.createdAt), asc(promoCodes.code));
}

export async function findPromoCodeRow(ex: Executor, code: string): Promise<PromoCodeRow | null> {
  const rows = await ex.select().from(promoCodes).where(eq(promoCodes.code, code));
  return rows[0] ?? null;
}

/** The code's row, locked until the transaction ends (a use waits for the change, and the other way round). */
export async function lockPromoCode(tx: Tx, code: string): Promise<PromoCodeRow | null> {
  const rows = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update');
  return rows[0] ?? null;
}

export async function updatePromoCode(tx: Tx, code: string, f: PromoCodeFields): Promise<PromoCodeRow> {
  const [row] = await tx
    .update(promoCodes)
    .set({
      ...(f.terms === undefined ? {} : { terms: f.terms as unknown as Record<string, unknown> }),
      ...(f.startsAt === undefined ? {} : { startsAt: f.startsAt }),
      ...(f.expiresAt === undefined ? {} : { expiresAt: f.expiresAt }),
      ...(f.totalLimit === undefined ? {} : { totalLimit: f.totalLimit }),
      ...(f.perUserLimit === undefined ? {} : { perUserLimit: f.perUserLimit }),
    })
    .where(eq(promoCodes.code, code))
    .returning();
  return row!;
}

/**
 * Switches a code off (`at` a time) or on (`at` null), only when it is not that way already:
 * the changed row, or null when there was nothing to change.
 */
export async function setPromoCodeDisabled(tx: Tx, code: string, at: Date | null): Promise<PromoCodeRow | null> {
  const [row] = await tx
    .update(promoCodes)
    .set({ disabledAt: at })
    .where(and(eq(promoCodes.code, code), at ? isNull(promoCodes.disabledAt) : isNotNull(promoCodes.disabledAt)))
    .returning();
  return row ?? null;
}

/** Every code's use: from the recorded uses (not the counter), and the players holding it for a deposit. */
export async function promoUsageByCode(ex: Executor): Promise<Map<string, PromoUsageRow>> {
  const [uses, attached] = await Promise.all([
    ex
      .select({
        code: promoUses.code,
        uses: count(),
        credited: sum(promoUses.creditedMinor),
        players: countDistinct(promoUses.userId),
        last: max(promoUses.createdAt),
      })
      .from(promoUses)
      .groupBy(promoUses.code),
    ex
      .select({ code: userPromos.code, n: sql<number>`count(*)::int` })
      .from(userPromos)
      .groupBy(userPromos.code),
  ]);
  const out = new Map<string, PromoUsageRow>();
  const entry = (code: string) => {
    let e = out.get(code);
    if (!e) out.set(code, (e = { uses: 0, creditedMinor: 0, players: 0, attached: 0, lastUsedAt: null }));
    return e;
  };
  for (const u of uses) Object.assign(entry(u.code), { uses: Number(u.uses), creditedMinor: Number(u.credited ?? 0), players: Number(u.players), lastUsedAt: u.last ? new Date(u.last) : null });
  for (const a of attached) entry(a.code).attached = Number(a.n);
  return out;
}
