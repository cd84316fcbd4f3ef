import { sql } from 'drizzle-orm';
import { isErrorCode } from '@store/shared/errors';
import type { Executor, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { InventoryRow } from '../inventory/grant-items.ts';

/** One opening of a roll as `store_roll_case` reports it (apps/server/sql/store_roll_case.sql). */
export interface RolledOpen {
  open_id: number;
  inventory_id: number;
  nonce: number;
  ticket: number;
  item: string;
  price: number;
  top: boolean;
  /** Whole event coins the opening gave. */
  coins: number;
  /** The odds version the roll used. */
  odds_id: number;
  /** The item is a free drop: its opening was free or paid in event coins (decision 058). */
  free_drop: boolean;
}

export interface CaseRoll {
  server_seed_hash: string;
  client_seed: string;
  created_at: string;
  rolls: RolledOpen[];
}

/** The inventory rows a roll put in, as `grantItems` returns its rows. */
export function rolledItems(roll: Pick<CaseRoll, 'rolls' | 'created_at'>, userId: number, sourceRef: string): InventoryRow[] {
  const createdAt = new Date(roll.created_at);
  return roll.rolls.map((r) => ({
    id: Number(r.inventory_id),
    userId,
    itemKey: r.item,
    price: Number(r.price),
    status: 'progress',
    source: 'Case',
    sourceRef,
    timerEndsAt: null,
    freeDrop: Boolean(r.free_drop),
    createdAt,
    updatedAt: createdAt,
  }));
}

/**
 * Calls one of the case functions and turns its refusal (SQLSTATE P0001 with a catalogue code
 * as the message) into the API's error; the JSON answer may arrive parsed or as text.
 */
export async function callCaseFunction<T>(db: Executor, query: ReturnType<typeof sql>, refusalParams: (code: string) => Record<string, unknown> = () => ({})): Promise<T> {
  try {
    const [row] = await rows<{ result: T | string }>(db, query);
    const value = row!.result;
    return typeof value === 'string' ? (JSON.parse(value) as T) : value;
  } catch (err) {
    const code = refusalCode(err);
    if (code && isErrorCode(code)) throw new AppError(code, refusalParams(code));
    throw err;
  }
}

export function refusalCode(err: unknown): string | null {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === 'P0001' && e.message) return e.message;
  }
  return null;
}

/**
 * Opens a case that was already paid for (an offer's bundled cases) `count` times inside the
 * caller's transaction, by the same roll as a paid opening: the case must be openable, a
 * limited box gives up its opens, each opening takes the next nonce, and every item and
 * opening record (price 0) is written with what recomputes it. Returns the new items.
 */
export async function rollCase(tx: Tx, opts: { userId: number; slug: string; count: number; ref: string }): Promise<InventoryRow[]> {
  const { userId, slug, count, ref } = opts;
  const roll = await callCaseFunction<CaseRoll>(
    tx,
    sql`select store_roll_case(${userId}::int, store_openable_case(${slug}::text), ${count}::int, 0, 0, ${ref}::text, ${ref}::text) as result`,
  );
  return rolledItems(roll, userId, ref);
}
