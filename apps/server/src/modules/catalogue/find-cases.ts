import { and, asc, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { caseOdds, cases, catalogueItems, sections } from './schema.ts';

/**
 * Reads of the catalogue's cases and sections for the modules that sell, open, bundle or show
 * them. The catalogue owns these tables; everything else asks here.
 */

export type CaseRow = typeof cases.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;

/** Whether `now` is inside the window a case is sold in (decision 054); a case without one always is. */
export const isInCaseWindow = (c: Pick<CaseRow, 'availableFrom' | 'availableUntil'>, now: Date = new Date()) =>
  !c.availableFrom || !c.availableUntil || (c.availableFrom <= now && now < c.availableUntil);

// The same rule as `store_openable_case` (apps/server/sql/), which decides at the opening itself.
export const isCaseOpenable = (c: CaseRow, now: Date = new Date()) =>
  c.available && !c.locked && c.status === 'active' && (c.opensLimit === null || c.opensCount < c.opensLimit) && isInCaseWindow(c, now);

export async function findCaseBySlug(db: Executor, slug: string): Promise<CaseRow | null> {
  const rows = await db.select().from(cases).where(eq(cases.slug, slug)).limit(1);
  return rows[0] ?? null;
}

/** A case whose real picture is at `url` (its drawing stands in when the picture cannot load). */
export async function findCaseByImageUrl(db: Executor, url: string): Promise<CaseRow | null> {
  const rows = await db.select().from(cases).where(eq(cases.imageUrl, url)).limit(1);
  return rows[0] ?? null;
}

/** A case by its name in either language (a promo offer names its prize case as players see it). */
export async function findCaseByName(db: Executor, name: string): Promise<CaseRow | null> {
  const rows = await db.select().from(cases).where(or(eq(cases.nameEn, name), eq(cases.nameRu, name))).orderBy(asc(cases.id)).limit(1);
  return rows[0] ?? null;
}

export async function findCasesBySlugs(db: Executor, slugs: readonly string[]): Promise<CaseRow[]> {
  if (!slugs.length) return [];
  return db.select().from(cases).where(inArray(cases.slug, [...new Set(slugs)]));
}

export async function findCasesByIds(db: Executor, ids: readonly number[]): Promise<CaseRow[]> {
  if (!ids.length) return [];
  return db.select().from(cases).where(inArray(cases.id, [...new Set(ids)]));
}

/** Every case and every section, in display order. */
export async function listCatalogueRows(db: Executor): Promise<{ sections: SectionRow[]; cases: CaseRow[] }> {
  const [sectionRows, caseRows] = await Promise.all([
    db.select().from(sections).orderBy(asc(sections.sort), asc(sections.id)),
    db.select().from(cases).orderBy(asc(cases.sort), asc(cases.id)),
  ]);
  return { sections: sectionRows, cases: caseRows };
}

/** The shown cases of the event's sections, in display order, with their section's slug. */
export async function listEventCases(db: Executor): Promise<(CaseRow & { section: string })[]> {
  const found = await db
    .select({ c: cases, section: sections.slug })
    .from(cases)
    .innerJoin(sections, eq(sections.id, cases.sectionId))
    .where(and(eq(sections.isEvent, true), eq(sections.status, 'active'), eq(cases.status, 'active')))
    .orderBy(asc(sections.sort), asc(cases.sort), asc(cases.id));
  return found.map((r) => ({ ...r.c, section: r.section }));
}

export async function findSectionSlug(db: Executor, sectionId: number): Promise<string | null> {
  const rows = await db.select({ slug: sections.slug }).from(sections).where(eq(sections.id, sectionId));
  return rows[0]?.slug ?? null;
}

/**
 * Cases anyone may buy for GOLD at any time, cheapest first, with their section: no opens limit,
 * no level needed, not a level (daily) case, which is free once a day, nor a coin case.
 */
export async function listUnlimitedCases(db: Executor) {
  return db
    .select({ slug: cases.slug, price: cases.price, section: sections.slug, battleAllowed: cases.battleAllowed })
    .from(cases)
    .innerJoin(sections, eq(sections.id, cases.sectionId))
    .where(
      and(
        eq(cases.available, true),
        eq(cases.status, 'active'),
        eq(cases.locked, false),
        eq(cases.daily, false),
        eq(cases.level, 0),
        eq(cases.currency, 'GOLD'),
        isNotNull(cases.oddsId),
        isNull(cases.opensLimit),
      ),
    )
    .orderBy(asc(cases.price), asc(cases.slug));
}

/** Each case with the odds table it sells with now and the prices of its drops, for the operator's report. */
export async function listCasesWithOdds(db: Executor) {
  const [prices, rows] = await Promise.all([
    db.select({ key: catalogueItems.key, price: catalogueItems.price }).from(catalogueItems),
    db
      .select({ slug: cases.slug, name: cases.nameEn, price: cases.price, available: cases.available, ranges: caseOdds.ranges })
      .from(cases)
      .innerJoin(caseOdds, eq(caseOdds.id, cases.oddsId))
      .orderBy(asc(cases.price)),
  ]);
  return { prices: new Map(prices.map((r) => [r.key, r.price])), cases: rows };
}

/** The level cases (decision 015), lowest level first, whether or not they can be opened now. */
export async function listDailyCases(db: Executor): Promise<CaseRow[]> {
  return db
    .select()
    .from(cases)
    .where(and(eq(cases.daily, true), eq(cases.status, 'active')))
    .orderBy(asc(cases.level), asc(cases.id));
}

/** Listed cases whose every N-th opening is free, for the free-cases page. */
export async function listEveryNFreeCases(db: Executor): Promise<CaseRow[]> {
  return db
    .select()
    .from(cases)
    .where(and(isNotNull(cases.everyNOpenFree), eq(cases.status, 'active'), eq(cases.available, true)))
    .orderBy(asc(cases.sort), asc(cases.id));
}

export interface OddsVersion {
  id: number;
  caseId: number;
  createdAt: Date;
  /** Return to player in basis points. */
  rtp: number;
  ranges: { item: string; from: number; to: number }[];
}

/**
 * Odds versions by id. A version is never changed: an operator's new odds make a new row and
 * point the case at it, so an old opening verifies against the table it was rolled with.
 */
export async function findOddsVersions(db: Executor, ids: readonly number[]): Promise<Map<number, OddsVersion>> {
  if (!ids.length) return new Map();
  const found = await db.select().from(caseOdds).where(inArray(caseOdds.id, [...new Set(ids)]));
  return new Map(found.map((o) => [o.id, { id: o.id, caseId: o.caseId, createdAt: o.createdAt, rtp: o.rtp, ranges: o.ranges }]));
}
