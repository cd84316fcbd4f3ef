import { desc, eq } from 'drizzle-orm';
import type { TicketRange } from '@store/shared/odds';
import type { Executor, Tx } from '../../db/client.ts';
import type { CaseRow, OddsVersion } from './find-cases.ts';
import { caseOdds, cases, sections } from './schema.ts';

/**
 * The catalogue's writes for the operator console (decision 029): a case's fields, and a new odds
 * version the case then sells with. Odds rows are never changed; the caller holds the transaction
 * and writes the audit row in it.
 */

/** The fields of a case an operator may change. */
export type CaseFields = Partial<
  Pick<
    CaseRow,
    | 'nameRu'
    | 'nameEn'
    | 'sectionId'
    | 'sort'
    | 'price'
    | 'oldPrice'
    | 'imageUrl'
    | 'color'
    | 'label'
    | 'opensLimit'
    | 'everyNOpenFree'
    | 'multifix'
    | 'multicastFrom'
    | 'multicastTo'
    | 'volatility'
    | 'maxMultiOpen'
    | 'level'
    | 'available'
    | 'locked'
    | 'battleAllowed'
    | 'status'
    | 'coinsMin'
    | 'coinsMax'
    | 'availableFrom'
    | 'availableUntil'
  >
>;

/** The case, locked until the transaction ends, so two operators' changes apply one after the other. */
export async function lockCase(tx: Tx, id: number): Promise<CaseRow | null> {
  const rows = await tx.select().from(cases).where(eq(cases.id, id)).for('update');
  return rows[0] ?? null;
}

export async function findCaseById(db: Executor, id: number): Promise<CaseRow | null> {
  const rows = await db.select().from(cases).where(eq(cases.id, id));
  return rows[0] ?? null;
}

export async function sectionExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: sections.id }).from(sections).where(eq(sections.id, id))).length > 0;
}

export async function updateCaseFields(tx: Tx, id: number, fields: CaseFields): Promise<CaseRow> {
  const [row] = await tx.update(cases).set(fields).where(eq(cases.id, id)).returning();
  return row!;
}

/** A new odds version of the case (`rtp` a fraction at the case's price now), and the case pointed at it. */
export async function addOddsVersion(tx: Tx, o: { caseId: number; ranges: TicketRange[]; rtp: number }): Promise<number> {
  const [odds] = await tx
    .insert(caseOdds)
    .values({ caseId: o.caseId, ranges: o.ranges, rtp: Math.round(o.rtp * 10_000) })
    .returning({ id: caseOdds.id });
  await tx.update(cases).set({ oddsId: odds!.id }).where(eq(cases.id, o.caseId));
  return odds!.id;
}

/** Every odds version a case has had, newest first. */
export async function listOddsVersionsOf(db: Executor, caseId: number): Promise<OddsVersion[]> {
  const rows = await db.select().from(caseOdds).where(eq(caseOdds.caseId, caseId)).orderBy(desc(caseOdds.id));
  return rows.map((o) => ({ id: o.id, caseId: o.caseId, createdAt: o.createdAt, rtp: o.rtp, ranges: o.ranges }));
}

export async function caseSlugTaken(db: Executor, slug: string): Promise<boolean> {
  return (await db.select({ id: cases.id }).from(cases).where(eq(cases.slug, slug))).length > 0;
}

/** A new case, without odds yet (`addOddsVersion` gives it its first table in the same transaction). */
export async function insertCase(tx: Tx, values: CaseFields & Pick<CaseRow, 'slug' | 'sectionId' | 'nameRu' | 'nameEn' | 'price'>): Promise<CaseRow> {
  const [row] = await tx.insert(cases).values(values).returning();
  return row!;
}
