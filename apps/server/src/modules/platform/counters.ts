import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { counters } from './schema.ts';

const SHARDS = 16;

/** Adds to a store-wide counter on a random shard, so concurrent writers rarely meet. */
export async function bumpCounter(db: Executor, name: string, by: number) {
  const shard = Math.floor(Math.random() * SHARDS);
  await db
    .insert(counters)
    .values({ name, shard, value: by })
    .onConflictDoUpdate({ target: [counters.name, counters.shard], set: { value: sql`${counters.value} + ${by}` } });
}

export async function readCounters(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ name: counters.name, value: sql<number>`sum(${counters.value})::bigint` })
    .from(counters)
    .groupBy(counters.name);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.value)]));
}

export async function readCounter(db: Executor, name: string): Promise<number> {
  const rows = await db.select({ value: sql<number>`coalesce(sum(${counters.value}), 0)::bigint` }).from(counters).where(eq(counters.name, name));
  return Number(rows[0]?.value ?? 0);
}
