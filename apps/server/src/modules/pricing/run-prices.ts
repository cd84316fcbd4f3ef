import { sql } from 'drizzle-orm';
import type { RtpBand } from '@store/shared/pricing';
import type { Db, Tx } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { listPricedItems, readItemPrices, setItemPrices } from '../catalogue/item-prices.ts';
import { checkCaseBands } from './case-bands.ts';
import type { PriceSource } from './price-list.ts';
import { abandonPriceRun, failPriceRun, finishPriceRun, PRICE_LEASE_MS, recordBatch, recordListRead, takePriceLease } from './price-runs.ts';

/**
 * One price run (decision 078): the lease, the list, the catalogue's skins mapped to it by market
 * hash name and written in batches, one transaction each (the changed prices, a history row per
 * change, the missing flags, the run's counts and a renewed lease), then the cases measured
 * against the band. A run is idempotent: a price already equal is not written again, so a run
 * killed between batches leaves what it committed, and the next one writes the rest.
 */
export const PRICE_BATCH = 1_000;

export interface PriceRunReport {
  runId: number;
  seen: number;
  matched: number;
  changed: number;
  missing: number;
  batches: number;
  flaggedCases: number;
}

export interface PriceRunOptions {
  db: Db;
  catalogue: Catalogue;
  source: PriceSource;
  band: RtpBand;
  batchSize?: number;
  leaseMs?: number;
  /** Tests reach inside a batch's transaction (to fail one, as a kill would). */
  inBatch?: (index: number, tx: Tx) => Promise<void> | void;
  /** The store is closing: the run stops before its next step, keeps what it committed and is abandoned. */
  stop?: AbortSignal;
}

/** A run stopped by `stop` between its steps: abandoned, so the next start runs again at once. */
export class PriceRunStopped extends Error {
  override name = 'PriceRunStopped';
}

/** The run's report, or null when another run holds the lease. A failure is recorded on the run and thrown. */
export async function runPrices(o: PriceRunOptions): Promise<PriceRunReport | null> {
  const run = await takePriceLease(o.db, o.source.name, o.leaseMs ?? PRICE_LEASE_MS);
  if (!run) return null;
  try {
    return await priceRun(o, run.id);
  } catch (err) {
    // Closing, whatever the step under way answered (the sandbox's list refuses once the store closes): stopped, not failed.
    if (o.stop?.aborted) {
      await abandonPriceRun(o.db, run.id);
      throw err instanceof PriceRunStopped ? err : new PriceRunStopped(`price run ${run.id} stopped: the store is closing`);
    }
    await failPriceRun(o.db, run.id, err instanceof Error ? err.message : String(err));
    throw err;
  }
}

async function priceRun(o: PriceRunOptions, runId: number): Promise<PriceRunReport> {
  // Between steps, never inside one: a batch is one transaction, and what it committed stays.
  const goOn = () => {
    if (o.stop?.aborted) throw new PriceRunStopped(`price run ${runId} stopped: the store is closing`);
  };
  const list = await o.source.load();
  goOn();
  const items = await listPricedItems(o.db);
  const matched = items.filter((i) => list.prices.has(i.marketName)).length;
  await recordListRead(o.db, runId, { listTime: list.time, seen: list.entries, matched, missing: items.length - matched });
  const size = o.batchSize ?? PRICE_BATCH;
  let changed = 0;
  let batches = 0;
  for (let from = 0; from < items.length; from += size) {
    goOn();
    const batch = items.slice(from, from + size);
    const index = batches;
    changed += await o.db.transaction(async (tx) => {
      const priced = batch.flatMap((i) => {
        const price = list.prices.get(i.marketName);
        return price === undefined ? [] : [{ key: i.key, price }];
      });
      const lacking = batch.filter((i) => !list.prices.has(i.marketName)).map((i) => i.key);
      const moved = await setItemPrices(tx, priced);
      if (moved.length) {
        await tx.execute(sql`
          insert into price_history (item_key, run_id, old_price, price)
          select v.key, ${runId}, v.old_price, v.price
            from unnest(${sql.param(moved.map((m) => m.key))}::text[], ${sql.param(moved.map((m) => m.oldPrice))}::bigint[], ${sql.param(moved.map((m) => m.price))}::bigint[]) as v(key, old_price, price)`);
      }
      if (priced.length) await tx.execute(sql`delete from price_missing where item_key = any(${sql.param(priced.map((p) => p.key))}::text[])`);
      if (lacking.length) {
        // A skin missing since an earlier run keeps that moment.
        await tx.execute(sql`
          insert into price_missing (item_key, run_id) select k, ${runId} from unnest(${sql.param(lacking)}::text[]) as k
          on conflict (item_key) do update set run_id = excluded.run_id`);
      }
      await recordBatch(tx, runId, { changed: moved.length, leaseMs: o.leaseMs });
      await o.inBatch?.(index, tx);
      return moved.length;
    });
    batches++;
  }
  goOn();
  // This process serves the new prices at once; the others on the announcement or their next check.
  o.catalogue.applyPrices(await readItemPrices(o.db));
  const flaggedCases = await checkCaseBands({ db: o.db, catalogue: o.catalogue, band: o.band, runId });
  await finishPriceRun(o.db, runId, { flaggedCases });
  return { runId, seen: list.entries, matched, changed, missing: items.length - matched, batches, flaggedCases };
}
