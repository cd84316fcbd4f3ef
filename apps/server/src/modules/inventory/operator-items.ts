import { desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { inventoryItems } from './schema.ts';

/**
 * Every item a player ever had, newest first, whatever its status, for the operator console:
 * where it came from (source and that action's reference), what it is now and when that changed.
 * A player's own inventory shows groups of statuses; an operator answering "where is my knife?"
 * needs all of them.
 */
export async function listItemsForOperators(db: Executor, o: { userId: number; catalogue: Catalogue; lang: Lang; page: number; perPage: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(inventoryItems)
      .where(eq(inventoryItems.userId, o.userId))
      .orderBy(desc(inventoryItems.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(inventoryItems).where(eq(inventoryItems.userId, o.userId)),
  ]);
  return {
    rows: rows.map((r) => {
      const item = o.catalogue.find(r.itemKey);
      return {
        id: r.id,
        key: r.itemKey,
        name: item ? (o.lang === 'en' ? item.nameEn : item.nameRu) : r.itemKey,
        price: toUnits(r.price),
        status: r.status,
        source: r.source,
        source_ref: r.sourceRef,
        created_at: r.createdAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
      };
    }),
    total: Number(count?.n ?? 0),
  };
}
