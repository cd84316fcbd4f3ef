import type { Tx } from '../../db/client.ts';
import type { OfferCaseRef } from './schema.ts';
import type { InventoryRow } from '../inventory/grant-items.ts';
import { rollCase } from '../cases/roll-case.ts';

/**
 * Opens each bundled case `count` times for the player inside the caller's transaction, by the
 * cases module's one roll (a paid opening uses the same): already paid for, so every opening
 * records price 0; a case the player could not open refuses the whole purchase alike.
 */
export async function openBundledCases(tx: Tx, opts: { userId: number; cases: readonly OfferCaseRef[]; ref: string }): Promise<InventoryRow[]> {
  const items: InventoryRow[] = [];
  for (const bundled of opts.cases) items.push(...(await rollCase(tx, { userId: opts.userId, slug: bundled.slug, count: bundled.count, ref: opts.ref })));
  return items;
}
