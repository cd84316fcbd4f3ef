import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { INVENTORY_GROUPS } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import type { InventoryQuery, InventoryResponse } from '@store/shared/api/inventory';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import { revealedBy } from '../../db/columns.ts';
import { inventoryItems } from './schema.ts';
import { userExists } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentInventoryItem } from './present-item.ts';
import { freeDropsLocked, unlessLocked } from './free-drop-lock.ts';

/**
 * One page of a player's inventory in a group, newest first, with the group's count and value.
 * Another player's view leaves out items younger than `revealMs` (the longest animation that can
 * have won them): a prize must not show on a public profile while its roulette still runs.
 * The owner sees which items wait for their first deposit (decision 058); the `upgrade` group,
 * what can be staked, leaves those out.
 */
export async function listInventory(opts: {
  db: Executor;
  catalogue: Catalogue;
  lang: Lang;
  query: InventoryQuery;
  viewerId: number | null;
  revealMs: number;
}): Promise<InventoryResponse> {
  const { db, catalogue, lang, query, viewerId } = opts;
  const ownerId = query.user_id ?? viewerId;
  if (!ownerId) throw new AppError('authentication');
  if (!(await userExists(db, ownerId))) throw new AppError('userNotFound');

  const statuses = INVENTORY_GROUPS[query.group];
  const isOwner = viewerId === ownerId;
  const locked = isOwner && (await freeDropsLocked(db, ownerId));
  const where = and(
    eq(inventoryItems.userId, ownerId),
    statuses ? inArray(inventoryItems.status, [...statuses]) : undefined,
    isOwner ? undefined : revealedBy(inventoryItems.createdAt, opts.revealMs),
    query.group === 'upgrade' ? unlessLocked(locked) : undefined,
  );
  const lockedHere = locked ? sql`${inventoryItems.freeDrop} and ${inventoryItems.status} = 'progress'` : sql`false`;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(inventoryItems)
      .where(where)
      .orderBy(desc(inventoryItems.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({
        count: sql<number>`count(*)::int`,
        sum: sql<number>`coalesce(sum(${inventoryItems.price}), 0)::bigint`,
        lockedCount: sql<number>`count(*) filter (where ${lockedHere})::int`,
        lockedSum: sql<number>`coalesce(sum(${inventoryItems.price}) filter (where ${lockedHere}), 0)::bigint`,
      })
      .from(inventoryItems)
      .where(where),
  ]);
  return {
    items: rows.map((r) => presentInventoryItem(r, catalogue, lang, locked && r.status === 'progress')),
    total_item: Number(totals[0]?.count ?? 0),
    total_price: toUnits(Number(totals[0]?.sum ?? 0)),
    page: query.page,
    per_page: query.per_page,
    is_owner: isOwner,
    locked_item: Number(totals[0]?.lockedCount ?? 0),
    locked_price: toUnits(Number(totals[0]?.lockedSum ?? 0)),
  };
}

/** Value of the items a player still holds (spec §3 finance.totalAmountItems). */
export async function activeItemsValue(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ sum: sql<number>`coalesce(sum(${inventoryItems.price}), 0)::bigint` })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.status, 'progress')));
  return Number(rows[0]?.sum ?? 0);
}

/** The items a player still holds from one source (a battle's `battle:<ulid>`...): how many, and their value in minor units. */
export async function heldFromSource(db: Executor, userId: number, sourceRef: string): Promise<{ items: number; price: number }> {
  const [row] = await db
    .select({ items: sql<number>`count(*)::int`, price: sql<number>`coalesce(sum(${inventoryItems.price}), 0)::bigint` })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, userId), eq(inventoryItems.status, 'progress'), eq(inventoryItems.sourceRef, sourceRef)));
  return { items: Number(row?.items ?? 0), price: Number(row?.price ?? 0) };
}

/** A player's items in figures (the profile dashboard): every item won, those held now, those sent to Steam. */
export async function inventoryCounts(db: Executor, userId: number): Promise<{ all: number; active: number; sent: number }> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      active: sql<number>`count(*) filter (where ${inventoryItems.status} = 'progress')::int`,
      sent: sql<number>`count(*) filter (where ${inventoryItems.status} in ('send', 'CONFIRM_STEAM', 'STEAM_WITHDRAWN', 'accepted', 'completed'))::int`,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.userId, userId));
  return { all: Number(row?.all ?? 0), active: Number(row?.active ?? 0), sent: Number(row?.sent ?? 0) };
}

/** The statuses of an item whose value reached the player: held, sold for balance, or withdrawn. */
const RETURNED_STATUSES = ['progress', 'selled', 'autoselled', 'accepted', ...INVENTORY_GROUPS.withdrawal];

/**
 * What the items a player was given are worth to them (spec §3 finance.profit): those held, sold
 * and withdrawn, at their price. An item staked in an upgrade or a contract and lost counts
 * nothing, so the figure is what play gave back, whatever happened between.
 */
export async function returnedValue(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .select({ sum: sql<number>`coalesce(sum(${inventoryItems.price}), 0)::bigint` })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.userId, userId), inArray(inventoryItems.status, RETURNED_STATUSES)));
  return Number(rows[0]?.sum ?? 0);
}
