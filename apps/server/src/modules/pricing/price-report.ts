import { sql } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import { priceChangePercent, type RtpBand } from '@store/shared/pricing';
import type { PricesResponse } from '@store/shared/api/operator-prices';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { catalogueValue } from '../catalogue/item-prices.ts';
import { findCasesByIds } from '../catalogue/find-cases.ts';
import { listCaseBandFlags } from './case-bands.ts';
import { lastFinishedRun, listPriceRuns } from './price-runs.ts';
import type { PriceRunRow } from './schema.ts';

/** The console's prices page (decision 078), read from the pricing tables and the catalogue. */

const MOVERS = 15;
const MISSING_SHOWN = 50;
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());

export function presentRun(r: PriceRunRow, now: Date) {
  return {
    id: r.id,
    source: r.source,
    state: r.state as PricesResponse['runs'][number]['state'],
    stalled: r.state === 'running' && r.leaseUntil.getTime() < now.getTime(),
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    list_time: r.listTime?.toISOString() ?? null,
    seen: r.seen,
    matched: r.matched,
    changed: r.changed,
    missing: r.missing,
    batches: r.batches,
    flagged_cases: r.flaggedCases,
    error: r.error,
  };
}

export async function pricesReport(o: { db: Executor; catalogue: Catalogue; source: string; syncMs: number; band: RtpBand; movers: 'run' | '24h'; now: Date }): Promise<PricesResponse> {
  const [value, runs, last, flags] = await Promise.all([catalogueValue(o.db), listPriceRuns(o.db, 10), lastFinishedRun(o.db), listCaseBandFlags(o.db)]);
  const name = (key: string) => o.catalogue.find(key);

  // Since the last run: that run's changes. Over 24 h: each item's first old price and last new one.
  const from = o.movers === 'run' ? (last?.startedAt ?? null) : new Date(o.now.getTime() - DAY_MS);
  const moved =
    o.movers === 'run'
      ? last
        ? await rowsOf(o.db, sql`select item_key, old_price, price from price_history where run_id = ${last.id}`)
        : []
      : await rowsOf(
          o.db,
          sql`select item_key, (array_agg(old_price order by id))[1] as old_price, (array_agg(price order by id desc))[1] as price
                from price_history where at >= ${from!.toISOString()}::timestamptz group by item_key`,
        );
  const movers = moved
    .map((r) => ({ key: String(r.item_key), oldPrice: Number(r.old_price), price: Number(r.price) }))
    .filter((m) => m.oldPrice !== m.price)
    .map((m) => ({ ...m, pct: priceChangePercent(m.oldPrice, m.price) }))
    .sort((a, b) => Math.abs(b.pct) - Math.abs(a.pct) || (a.key < b.key ? -1 : 1))
    .slice(0, MOVERS)
    .map((m) => {
      const item = name(m.key);
      return { item: m.key, name: item?.nameEn ?? m.key, market_name: item?.marketName ?? m.key, old_price: toUnits(m.oldPrice), price: toUnits(m.price), change_percent: m.pct };
    });

  const missingRows = await rowsOf(o.db, sql`select item_key, since, count(*) over () as total from price_missing order by since, item_key limit ${MISSING_SHOWN}`);
  const missing = {
    count: Number(missingRows[0]?.total ?? 0),
    items: missingRows.map((r) => {
      const item = name(String(r.item_key));
      return { item: String(r.item_key), name: item?.nameEn ?? String(r.item_key), market_name: item?.marketName ?? '', price: toUnits(item?.price ?? 0), since: iso(r.since)! };
    }),
  };

  const cases = new Map((await findCasesByIds(o.db, flags.map((f) => f.caseId))).map((c) => [c.id, c]));
  return {
    source: o.source,
    sync_ms: o.syncMs,
    band: { min: o.band.min, max: o.band.max },
    catalogue: { items: value.items, value: toUnits(value.value) },
    runs: runs.map((r) => presentRun(r, o.now)),
    movers: { since: o.movers, from: from?.toISOString() ?? null, items: movers },
    missing,
    cases: flags.flatMap((f) => {
      const c = cases.get(f.caseId);
      if (!c) return [];
      return [
        {
          case_id: c.id,
          slug: c.slug,
          name_ru: c.nameRu,
          name_en: c.nameEn,
          price: toUnits(c.price),
          odds_id: f.oddsId,
          rtp: round(f.rtp),
          rtp_at_version: round(f.rtpAtVersion),
          drift: round(f.rtp - f.rtpAtVersion),
          standing: f.rtp < f.bandMin ? ('low' as const) : ('high' as const),
          proposal:
            f.proposal && f.proposalRtp !== null && f.simulatedRtp !== null
              ? { ranges: f.proposal, rtp: round(f.proposalRtp), simulated_rtp: round(f.simulatedRtp), standard_error: round(f.simulatedError ?? 0), openings: f.simulatedOpenings ?? 0 }
              : null,
          flagged_at: f.flaggedAt.toISOString(),
        },
      ];
    }),
  };
}

const round = (x: number) => Math.round(x * 100_000) / 100_000;
