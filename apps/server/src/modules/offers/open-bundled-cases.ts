import { and, eq, sql } from 'drizzle-orm';
import { pickByTicket } from '@store/shared/odds';
import { rollTicket } from '@store/shared/provably-fair';
import type { Tx } from '../../db/client.ts';
import { caseOpens } from '../cases/schema.ts';
import { cases } from '../catalogue/schema.ts';
import { type OfferCaseRef } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItems, type InventoryRow } from '../inventory/grant-items.ts';
import { advanceNonce } from '../provably-fair/seeds.ts';

/**
 * Opens each bundled case `count` times for the player inside the caller's transaction, the way
 * store_open_case does but already paid for: each opening advances the player's nonce once and
 * rolls cursor 0 with the shared `rollTicket`, picks the drop from the case's current odds table,
 * puts the item into the inventory (`Case`, `progress`) and writes a `case_opens` row at price 0
 * holding everything needed to recompute the roll. Case checks refuse like a normal opening.
 */
export async function openBundledCases(
  tx: Tx,
  opts: { catalogue: Catalogue; userId: number; cases: readonly OfferCaseRef[]; ref: string },
): Promise<InventoryRow[]> {
  const { catalogue, userId, ref } = opts;
  const items: InventoryRow[] = [];
  for (const bundled of opts.cases) {
    const [c] = await tx.select().from(cases).where(eq(cases.slug, bundled.slug));
    if (!c || c.status === 'hidden' || c.oddsId === null) throw new AppError('caseNotFound');
    if (!c.available || c.status !== 'active') throw new AppError('case_not_available');
    if (c.opensLimit !== null) {
      const taken = await tx
        .update(cases)
        .set({ opensCount: sql`${cases.opensCount} + ${bundled.count}` })
        .where(and(eq(cases.id, c.id), sql`${cases.opensCount} + ${bundled.count} <= ${cases.opensLimit}`))
        .returning({ id: cases.id });
      if (!taken.length) throw new AppError('case_not_available');
    }
    const ranges = await catalogue.rangesFor(tx, c.oddsId);
    for (let i = 0; i < bundled.count; i++) {
      const seed = await advanceNonce(tx, userId);
      const cursor = 0;
      const ticket = rollTicket({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce, cursor });
      const item = catalogue.item(pickByTicket(ranges, ticket).item);
      const [row] = await grantItems(tx, { userId, source: 'Case', sourceRef: ref, items: [{ key: item.key, price: item.price }] });
      await tx.insert(caseOpens).values({
        batch: ref,
        userId,
        caseId: c.id,
        oddsId: c.oddsId,
        price: 0,
        seedPairId: seed.id,
        serverSeedHash: seed.serverSeedHash,
        clientSeed: seed.clientSeed,
        nonce: seed.nonce,
        cursor,
        ticket,
        itemKey: item.key,
        itemPrice: item.price,
        // The same top-drop rule as store_open_case: worth five cases or 1000 GOLD.
        isTop: item.price >= c.price * 5 || item.price >= 100_000,
        inventoryItemId: row!.id,
      });
      items.push(row!);
    }
  }
  return items;
}
