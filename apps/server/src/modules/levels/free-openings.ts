import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FreeCasesResponse, FreeOpenSource } from '@store/shared/api/levels';
import { SITE_CURRENCY } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCaseByImageUrl, findCaseByName, findCaseBySlug, findCasesByIds, listEveryNFreeCases, type CaseRow } from '../catalogue/find-cases.ts';
import { recordActivity } from '../activity/record-activity.ts';
import { openForFree, type OpenCaseResult } from '../cases/open-case.ts';
import { openCountsOf } from '../cases/open-counts.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { freeOpenings } from './schema.ts';

const caseRef = (c: CaseRow, catalogue: Catalogue, lang: Lang) => ({
  id: c.id,
  slug: c.slug,
  name: lang === 'en' ? c.nameEn : c.nameRu,
  image: catalogue.caseImage(c),
  color: c.color,
});

/**
 * Gives a player one free opening of a case. `sourceRef` names its cause (an operator's grant, a
 * promo use, a battle-pass level) and is unique, so a cause retried grants once; returns whether
 * this call made it.
 */
export async function grantFreeOpening(
  tx: Executor,
  g: { userId: number; caseId: number; source: FreeOpenSource; sourceRef: string; expiresAt: Date | null },
): Promise<boolean> {
  const made = await tx.insert(freeOpenings).values(g).onConflictDoNothing().returning({ id: freeOpenings.id });
  return made.length > 0;
}

/**
 * The free opening a `case` promo code gives, inside the apply's transaction. Its cause is the
 * code's use by this player (numbered), so a retried apply cannot give two. False when the case
 * is gone.
 */
export async function grantPromoOpening(tx: Tx, g: { userId: number; code: string; caseSlug: string; days: number; now: Date }): Promise<boolean> {
  const c = await findCaseBySlug(tx, g.caseSlug);
  if (!c || c.status === 'hidden') return false;
  const [held] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(freeOpenings)
    .where(and(eq(freeOpenings.userId, g.userId), sql`${freeOpenings.sourceRef} like ${`promo:${g.code}:${g.userId}:%`}`));
  const expiresAt = new Date(g.now.getTime() + g.days * 86_400_000);
  return grantFreeOpening(tx, { userId: g.userId, caseId: c.id, source: 'promo', sourceRef: `promo:${g.code}:${g.userId}:${(held?.n ?? 0) + 1}`, expiresAt });
}

/** How long a deposit's prize case waits to be opened, as an operator's grant does by default. */
const PRIZE_DAYS = 7;

/**
 * The prize case a blogger code's offer gives with a deposit, inside the crediting transaction.
 * The offer names its case as the player sees it (picture, name, price, spec §4), so the case is
 * found by its picture, the store's drawing of it, or its name. The payment is the cause: a
 * payment credited once grants once. False when no such case is open to players.
 */
export async function grantDepositPrize(tx: Tx, g: { userId: number; prize: { img: string; name: string }; paymentRef: string; now: Date }): Promise<boolean> {
  const drawn = /^\/img\/cases\/([^/]+)\.svg$/.exec(g.prize.img)?.[1];
  const c =
    (await findCaseByImageUrl(tx, g.prize.img)) ??
    (drawn ? await findCaseBySlug(tx, decodeURIComponent(drawn)) : null) ??
    (await findCaseByName(tx, g.prize.name));
  if (!c || c.status === 'hidden') return false;
  const expiresAt = new Date(g.now.getTime() + PRIZE_DAYS * 86_400_000);
  return grantFreeOpening(tx, { userId: g.userId, caseId: c.id, source: 'promo', sourceRef: `${g.paymentRef}:prize`, expiresAt });
}

/** An operator's grant by case slug (the operator command), inside the caller's transaction with its audit row. */
export async function grantFreeCase(db: Executor, g: { userId: number; slug: string; days: number; ref: string }): Promise<{ granted: boolean; expires_at: string }> {
  const c = await findCaseBySlug(db, g.slug);
  if (!c || c.status === 'hidden') throw new AppError('caseNotFound');
  const expiresAt = new Date(Date.now() + g.days * 86_400_000);
  const granted = await grantFreeOpening(db, { userId: g.userId, caseId: c.id, source: 'operator', sourceRef: g.ref, expiresAt });
  return { granted, expires_at: expiresAt.toISOString() };
}

/** The player's unspent, unexpired free openings, and how close each every-N-th-free case is to its next one. */
export async function listFreeCases({ db, catalogue, userId, now, lang }: { db: Executor; catalogue: Catalogue; userId: number; now: Date; lang: Lang }): Promise<FreeCasesResponse> {
  const [held, everyN] = await Promise.all([
    db
      .select()
      .from(freeOpenings)
      .where(and(eq(freeOpenings.userId, userId), isNull(freeOpenings.spentAt), or(isNull(freeOpenings.expiresAt), gt(freeOpenings.expiresAt, now))))
      .orderBy(asc(freeOpenings.expiresAt), asc(freeOpenings.id)),
    listEveryNFreeCases(db),
  ]);
  const [caseRows, counts] = await Promise.all([
    findCasesByIds(db, held.map((h) => h.caseId)),
    openCountsOf(db, userId, everyN.map((c) => c.id)),
  ]);
  const byId = new Map(caseRows.map((c) => [c.id, c]));
  return {
    openings: held.flatMap((h) => {
      const c = byId.get(h.caseId);
      if (!c || c.status === 'hidden') return [];
      return [
        {
          id: h.id,
          source: h.source as FreeOpenSource,
          expires_at: h.expiresAt?.toISOString() ?? null,
          created_at: h.createdAt.toISOString(),
          case: caseRef(c, catalogue, lang),
          price_data: { currency: SITE_CURRENCY, price: 0, old_price: toUnits(c.price) },
        },
      ];
    }),
    progress: everyN.map((c) => {
      const n = c.everyNOpenFree!;
      return { case: caseRef(c, catalogue, lang), every_n: n, opens_to_free: n - ((counts.get(c.id) ?? 0) % n) };
    }),
  };
}

/**
 * Spends one free opening and opens its case, in one transaction: the opening is taken by a
 * conditional update (unspent, unexpired, the player's), so of simultaneous calls one opens and
 * the rest are refused; a failed roll rolls the spending back.
 */
export async function openFreeOpening(opts: {
  db: Db;
  catalogue: Catalogue;
  userId: number;
  id: number;
  lang: Lang;
  now: Date;
  idempotencyKey?: IdempotencyKey;
}): Promise<OpenCaseResult> {
  const { db, userId, id } = opts;
  const { value, replayed } = await runOnce(db, { userId, key: opts.idempotencyKey, route: `free:${id}` }, (tx) => spendOnce(tx, opts));
  return { ...value, replayed, free: true };
}

async function spendOnce(tx: Tx, { catalogue, userId, id, lang, now }: { catalogue: Catalogue; userId: number; id: number; lang: Lang; now: Date }) {
  const spent = await tx
    .update(freeOpenings)
    .set({ spentAt: now })
    .where(
      and(
        eq(freeOpenings.id, id),
        eq(freeOpenings.userId, userId),
        isNull(freeOpenings.spentAt),
        or(isNull(freeOpenings.expiresAt), sql`${freeOpenings.expiresAt} > ${now.toISOString()}::timestamptz`),
      ),
    )
    .returning({ caseId: freeOpenings.caseId });
  if (!spent.length) {
    const [row] = await tx.select().from(freeOpenings).where(and(eq(freeOpenings.id, id), eq(freeOpenings.userId, userId)));
    throw new AppError(row && !row.spentAt ? 'free_opening_expired' : 'free_opening_not_found');
  }
  const [c] = await findCasesByIds(tx, [spent[0]!.caseId]);
  const ref = `free_case:${id}`;
  const opened = await openForFree(tx, { catalogue, userId, slug: c!.slug, ref, lang });
  await recordActivity(tx, { kind: 'free_case', userId, won: opened.drops.reduce((s, d) => s + d.itemPrice, 0), caseId: c!.id, ref });
  return opened;
}
