import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { priceRuns, type PriceRunRow } from './schema.ts';

/**
 * The price runs' records and the job's lease (decision 078). Taking the lease is one insert
 * guarded by a partial unique index (one `running` row at most), so two processes starting a run
 * at once cannot both get it, on PostgreSQL and on PGlite alike, and nothing outlives a
 * transaction (a pooler in transaction mode keeps no session lock). A run renews its lease after
 * each batch; a lease that ran out belongs to a killed run.
 */
export const PRICE_LEASE_MS = 120_000;

/** A new run holding the lease, or null while another run holds it. A dead run's row is marked abandoned first. */
export async function takePriceLease(db: Db, source: string, leaseMs = PRICE_LEASE_MS): Promise<PriceRunRow | null> {
  // A plain read first: a run inside a batch holds its row, and the insert below would wait for
  // that batch to commit only to find the lease taken.
  const [live] = await db
    .select({ id: priceRuns.id })
    .from(priceRuns)
    .where(and(eq(priceRuns.state, 'running'), gte(priceRuns.leaseUntil, sql`now()`)))
    .limit(1);
  if (live) return null;
  return db.transaction(async (tx) => {
    await tx
      .update(priceRuns)
      .set({ state: 'abandoned' })
      .where(and(eq(priceRuns.state, 'running'), lt(priceRuns.leaseUntil, sql`now()`)));
    const [run] = await tx
      .insert(priceRuns)
      .values({ source, state: 'running', leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .onConflictDoNothing()
      .returning();
    return run ?? null;
  });
}

/** A run that found its lease taken over. */
export class PriceLeaseLost extends Error {
  override name = 'PriceLeaseLost';
}

/**
 * After a batch, in its transaction: the counts grow and the lease is renewed. A run whose lease
 * ran out and was taken over (its process stalled past it) is no longer running: the batch is
 * rolled back and the run stops, so two runs never write side by side.
 */
export async function recordBatch(tx: Tx, runId: number, o: { changed: number; leaseMs?: number }) {
  const held = await tx
    .update(priceRuns)
    .set({
      batches: sql`${priceRuns.batches} + 1`,
      changed: sql`${priceRuns.changed} + ${o.changed}`,
      leaseUntil: sql`now() + ${`${o.leaseMs ?? PRICE_LEASE_MS} milliseconds`}::interval`,
    })
    .where(and(eq(priceRuns.id, runId), eq(priceRuns.state, 'running')))
    .returning({ id: priceRuns.id });
  if (!held.length) throw new PriceLeaseLost(`price run ${runId} lost its lease to another run`);
}

export async function recordListRead(db: Executor, runId: number, o: { listTime: Date; seen: number; matched: number; missing: number }) {
  await db.update(priceRuns).set(o).where(eq(priceRuns.id, runId));
}

/** The run got to its end: done, the lease given back. */
export async function finishPriceRun(db: Executor, runId: number, o: { flaggedCases: number }) {
  await db
    .update(priceRuns)
    .set({ state: 'done', finishedAt: sql`now()`, flaggedCases: o.flaggedCases })
    .where(and(eq(priceRuns.id, runId), eq(priceRuns.state, 'running')));
}

/** The run stopped on an error: failed, unfinished (no `finished_at`), the lease given back so the next run may start. */
export async function failPriceRun(db: Executor, runId: number, error: string) {
  await db
    .update(priceRuns)
    .set({ state: 'failed', error: error.slice(0, 1000) })
    .where(and(eq(priceRuns.id, runId), eq(priceRuns.state, 'running')));
}

/** The run was stopped by the store's close between its steps: abandoned like a killed one, the lease given back. */
export async function abandonPriceRun(db: Executor, runId: number) {
  await db
    .update(priceRuns)
    .set({ state: 'abandoned' })
    .where(and(eq(priceRuns.id, runId), eq(priceRuns.state, 'running')));
}

/** The newest runs, newest first. */
export function listPriceRuns(db: Executor, limit = 10): Promise<PriceRunRow[]> {
  return db.select().from(priceRuns).orderBy(desc(priceRuns.id)).limit(limit);
}

/** The newest run that got to its end, or null. */
export async function lastFinishedRun(db: Executor): Promise<PriceRunRow | null> {
  const [row] = await db.select().from(priceRuns).where(eq(priceRuns.state, 'done')).orderBy(desc(priceRuns.id)).limit(1);
  return row ?? null;
}

/** When the newest run that was not skipped started: the job's schedule counts from it. */
export async function lastRunStart(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: priceRuns.startedAt })
    .from(priceRuns)
    .where(inArray(priceRuns.state, ['done', 'failed', 'running']))
    .orderBy(desc(priceRuns.id))
    .limit(1);
  return row?.at ?? null;
}

export async function findPriceRun(db: Executor, id: number): Promise<PriceRunRow | null> {
  const [row] = await db.select().from(priceRuns).where(eq(priceRuns.id, id));
  return row ?? null;
}
