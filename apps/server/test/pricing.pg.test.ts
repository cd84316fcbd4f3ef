import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { summarizeOdds } from '@store/shared/odds';
import { openDatabase, type Database } from '../src/db/client.ts';
import { Catalogue } from '../src/modules/catalogue/catalogue.ts';
import { MarketPriceList } from '../src/modules/pricing/price-list.ts';
import { runPrices, type PriceRunOptions } from '../src/modules/pricing/run-prices.ts';
import { api, countRows, type Player } from './helpers/factories.ts';
import { consoleOperators } from './helpers/operators.ts';
import { marketFixture, PriceListFake } from './helpers/price-list-fake.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The price job's races on a PostgreSQL server (decision 078), where connections really run side
 * by side: runs started at once by several processes (each its own pool and catalogue) take the
 * lease once; a run blocked in a batch keeps every other one out; twenty admins publishing the
 * same proposal at once make one odds version.
 */
let store: TestStore;
let fake: PriceListFake;
let admin: Player;
const others: Database[] = [];
const q = (query: ReturnType<typeof sql>) => countRows(store.database.db, query);

beforeAll(async () => {
  fake = await new PriceListFake().start();
  store = await createTestStore({ PRICE_SOURCE: 'market', MARKET_API_URL: fake.url });
  ({ admin } = await consoleOperators(store));
  const res = (await store.database.db.execute(sql`select market_name, price from catalogue_items where type = 0`)) as unknown as { rows: { market_name: string; price: string }[] };
  fake.prices = marketFixture(
    res.rows.map((r) => ({ marketName: r.market_name, price: Number(r.price) })),
    5_000,
  );
  for (let i = 0; i < 4; i++) others.push(await openDatabase({ databaseUrl: store.databaseUrl!, poolSize: 4 }));
}, 120_000);
afterAll(async () => {
  for (const d of others) await d.close();
  await store?.close();
  await fake?.close();
});

/** A run as another process would make it: its own pool and its own in-memory catalogue. */
async function processRun(database: Database, extra: Partial<PriceRunOptions> = {}) {
  const catalogue = new Catalogue(new Map(), 'generated');
  await catalogue.load(database.db);
  return runPrices({ db: database.db, catalogue, source: new MarketPriceList({ name: 'market', baseUrl: () => fake.url }), band: store.env.PRICE_RTP_BAND, ...extra });
}

describe('price runs on PostgreSQL', () => {
  it('lets exactly one of many processes starting a run at once take the lease', async () => {
    for (let round = 0; round < 3; round++) {
      const reports = await Promise.all([...others, store.database, ...others].map((d) => processRun(d)));
      expect(reports.filter((r) => r !== null)).toHaveLength(1);
    }
    expect(await q(sql`select count(*) as n from price_runs where state = 'running'`)).toBe(0);
    expect(await q(sql`select count(*) as n from price_runs where state = 'done'`)).toBe(3);
  });

  it('keeps every other process out while a run sits inside a batch, and lets the next one in once it ends', async () => {
    let release!: () => void;
    let inside!: () => void;
    const entered = new Promise<void>((r) => (inside = r));
    const gate = new Promise<void>((r) => (release = r));
    const slow = processRun(others[0]!, {
      inBatch: async (index) => {
        if (index === 0) {
          inside();
          await gate;
        }
      },
    });
    await entered;
    const meanwhile = await Promise.all(others.slice(1).map((d) => processRun(d)));
    expect(meanwhile).toEqual(meanwhile.map(() => null));
    release();
    expect(await slow).not.toBeNull();
    expect(await processRun(others[1]!)).not.toBeNull();
  });

  it('publishes a proposal once when twenty admins press the button at once', async () => {
    const [c] = (
      (await store.database.db.execute(sql`
        select c.id, c.price, c.odds_id, o.ranges from cases c join case_odds o on o.id = c.odds_id
         where c.currency = 'GOLD' and not c.daily and c.status = 'active' and not c.locked order by c.price, c.id`)) as unknown as {
        rows: { id: number; price: string; odds_id: number; ranges: { item: string; from: number; to: number }[] }[];
      }
    ).rows.filter((r) => {
      const rtp = summarizeOdds({ ranges: r.ranges, priceOf: (k) => store.app.deps.catalogue.find(k)?.price ?? 0, casePrice: Number(r.price) }).rtp;
      return rtp > 0.87 && rtp < 0.93;
    });
    for (const r of c!.ranges) {
      const item = store.app.deps.catalogue.find(r.item)!;
      if (item.type === 0) fake.prices.set(item.marketName, Math.round(item.price * 1.3));
    }
    await runPrices({ db: store.database.db, catalogue: store.app.deps.catalogue, source: new MarketPriceList({ name: 'market', baseUrl: () => fake.url }), band: store.env.PRICE_RTP_BAND });
    expect(await q(sql`select count(*) as n from case_band_flags where case_id = ${c!.id}`)).toBe(1);
    const versions = await q(sql`select count(*) as n from case_odds where case_id = ${c!.id}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(store.app, 'POST', `/api/v1/admin/prices/cases/${c!.id}/publish`, { token: admin.token, body: { odds_id: c!.odds_id } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.code))).toEqual(new Set(['price_proposal_not_found']));
    expect(await q(sql`select count(*) as n from case_odds where case_id = ${c!.id}`)).toBe(versions + 1);
    expect(await q(sql`select count(*) as n from operator_actions where action = 'cases.odds' and target_id = ${String(c!.id)}`)).toBe(1);
  });
});
