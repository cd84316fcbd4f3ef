import type { Tx } from '../../db/client.ts';
import type { OfferCaseRef } from './schema.ts';
import type { InventoryRow } from '../inventory/grant-items.ts';
import { rollCase } from '../cases/roll-case.ts';

/** One bundled opening: the case it came from and the item it gave. */
export interface BundledOpening {
  slug: string;
  row: InventoryRow;
}

/**
 * Opens each bundled case `count` times for the player inside the caller's transaction, by the
 * cases module's one roll (a paid opening uses the same): already paid for, so every opening
 * records price 0; a case the player could not open refuses the whole purchase alike. Answers
 * the openings in the bundle's order, each with its case, so the page can play each one's roulette.
 */
export async function openBundledCases(tx: Tx, opts: { userId: number; cases: readonly OfferCaseRef[]; ref: string }): Promise<BundledOpening[]> {
  const openings: BundledOpening[] = [];
  for (const bundled of opts.cases) {
    const rows = await rollCase(tx, { userId: opts.userId, slug: bundled.slug, count: bundled.count, ref: opts.ref });
    openings.push(...rows.map((row) => ({ slug: bundled.slug, row })));
  }
  return openings;
}
