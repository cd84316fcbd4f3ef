/**
 * A price run at scale (`BENCH_ONLY=prices`, PGlite and PostgreSQL, in this process): the market's
 * full list (LIST entries from a local fake of its `prices/RUB.json`) over a catalogue grown to
 * EXTRA more skins than the committed one, so a run writes many batches of 1 000. Three runs on one
 * database: the list alone (fetched, parsed, checked: the baseline), a run where nothing changed
 * (the mapping and the batches' reads and counts), and a run where every skin's price changed
 * (every row written with its history row): its time and rows per second beside the baselines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseRtpBand } from '@store/shared/pricing';
import { openDatabase } from '../src/db/client.ts';
import { projects } from '../src/config/projects.ts';
import { MarketPriceList } from '../src/modules/pricing/price-list.ts';
import { runPrices } from '../src/modules/pricing/run-prices.ts';
import { seedStore } from '../src/seed.ts';
import { marketFixture, PriceListFake } from '../test/helpers/price-list-fake.ts';

const LIST = Number(process.env.BENCH_PRICE_LIST ?? 40_000);
const EXTRA = Number(process.env.BENCH_PRICE_EXTRA_SKINS ?? 20_000);

export interface PricesBenchResult {
  skins: number;
  listEntries: number;
  parseMs: number;
  unchangedMs: number;
  changedMs: number;
  changed: number;
  batches: number;
  rowsPerSec: number;
}

const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
};

export async function benchPrices(databaseUrl: string): Promise<PricesBenchResult> {
  const dir = databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), 'store-bench-prices-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { dataDir: path.join(dir!, 'pglite') });
  const fake = await new PriceListFake().start();
  try {
    const catalogue = await seedStore(database.db, projects.cs);
    // More skins than the committed catalogue carries: a store with a wide catalogue.
    await database.db.execute(sql`
      insert into catalogue_items (key, market_name, name_ru, name_en, weapon_ru, weapon_en, rarity, category, price, type)
      select 'bench-skin-' || i, 'Bench Skin ' || i || ' (Field-Tested)', 'Скин ' || i, 'Skin ' || i, 'Оружие', 'Weapon', 'Mil-Spec Grade', 'weapon', 100 + i, 0
        from generate_series(1, ${EXTRA}) as i`);
    await catalogue.load(database.db);
    const skins = ((await database.db.execute(sql`select market_name, price from catalogue_items where type = 0`)) as unknown as { rows: { market_name: string; price: string }[] }).rows.map(
      (r) => ({ marketName: r.market_name, price: Number(r.price) }),
    );
    fake.prices = marketFixture(skins, Math.max(0, LIST - skins.length));
    const source = new MarketPriceList({ name: 'market', baseUrl: () => fake.url });
    const band = parseRtpBand('85-95')!;
    const run = () => runPrices({ db: database.db, catalogue, source, band });

    const [, parseMs] = await timed(() => source.load());
    const [unchanged, unchangedMs] = await timed(run);
    for (const [name, price] of fake.prices) if (!name.startsWith('Sticker | Fixture')) fake.prices.set(name, price + 1);
    const [changed, changedMs] = await timed(run);
    return {
      skins: skins.length,
      listEntries: fake.prices.size,
      parseMs,
      unchangedMs,
      changedMs,
      changed: changed!.changed,
      batches: changed!.batches,
      rowsPerSec: changed!.changed / (changedMs / 1000),
      ...(unchanged!.changed ? { unexpected: unchanged!.changed } : {}),
    };
  } finally {
    await fake.close();
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
