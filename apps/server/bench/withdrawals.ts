/**
 * Withdrawals at scale (`BENCH_ONLY=withdrawals`, PostgreSQL): PLAYERS players withdraw ITEMS
 * skins each, all within SPREAD_SECONDS, through the sandbox marketplace at real sellers' pace (sent in 3–15 s,
 * accepted 5–25 s later). The baseline is the marketplace's own time, known per order from its
 * timeline; the store's share of a withdrawal is the rest: placing the purchase, and noticing the
 * acceptance. It also counts purchases per withdrawal (never two) and what did not end delivered.
 * PostgreSQL only: the figures are read from the store's book while the server runs, which
 * PGlite's single-process folder does not allow.
 */
import pg from 'pg';
import type { RunningServer } from '../test/helpers/server-process.ts';
import { acceptedAfter } from '../src/modules/withdrawals/sandbox/market-scenarios.ts';
import { adminCommand, inPool, pct, post, request } from './common.ts';

const PLAYERS = Number(process.env.BENCH_WITHDRAW_PLAYERS ?? 100);
const ITEMS = 10;
/** The requests arrive over this many seconds (0: all in one instant). */
const SPREAD_SECONDS = Number(process.env.BENCH_WITHDRAW_SPREAD_SECONDS ?? 10);
/** How long the bench waits for the last withdrawal to settle. */
const SETTLE_LIMIT_MS = 180_000;

export interface WithdrawalsBenchResult {
  withdrawals: number;
  spreadSeconds: number;
  /** Request to accepted, seconds (p50, p99, max). */
  total: { p50: number; p99: number; max: number };
  /** The marketplace's own share (its seller and its player), seconds: the baseline. */
  market: { p50: number; p99: number };
  /** The store's share, seconds: total minus the marketplace's. */
  store: { p50: number; p99: number; max: number };
  /** The store's share in its two parts, seconds: placing the purchase, and noticing the acceptance once it happened. */
  placing: { p50: number; p99: number };
  noticing: { p50: number; p99: number };
  /** The `senditem` answer, ms. */
  requestP99: number;
  accepted: number;
  /** Withdrawals not delivered when the bench stopped waiting. */
  stuck: number;
  /** Withdrawals whose purchase was asked for more than once at the marketplace. */
  doubled: number;
}

export async function benchWithdrawals(server: RunningServer, dataDir: string, databaseUrl: string): Promise<WithdrawalsBenchResult> {
  const skin = (await request(server.url, 'GET', '/api/v1/unique-items?min_price=1&per_page=1')).data[0].id as string;
  const players = await inPool(
    Array.from({ length: PLAYERS }, (_, i) => i),
    4,
    async (i) => {
      const reg = await post(server.url, '/api/v1/auth/registration/quick', {});
      const token = reg.data.access_token as string;
      await post(server.url, '/api/v1/users/set/steam/data', { link: `https://steamcommunity.com/tradeoffer/new/?partner=${1000 + i}&token=bench${i}x` }, token);
      await adminCommand(server, dataDir, { command: 'give-item', login: reg.data.login, item: skin, count: ITEMS, operator: 'bench' });
      const inv = await request(server.url, 'GET', `/api/v1/inventory/get?group=active&per_page=${ITEMS}`, undefined, token);
      return { token, ids: (inv.data.items as { id: number }[]).map((x) => x.id) };
    },
  );

  // A rush: a thousand withdrawals within SPREAD_SECONDS, a player's ten items in one request.
  const answers = await Promise.all(
    players.map(async (p, i) => {
      await new Promise((res) => setTimeout(res, (i * SPREAD_SECONDS * 1000) / players.length));
      const t0 = performance.now();
      const res = await post(server.url, '/api/v1/inventory/senditem', { ids: p.ids, method: 'trade' }, p.token);
      return { ms: performance.now() - t0, ok: res.status === true };
    }),
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const expected = players.length * ITEMS;
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    for (;;) {
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from withdrawals where state not in ('queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent')`);
      if (Number(rows[0]!.n) >= expected || Date.now() > deadline) break;
      await new Promise((res) => setTimeout(res, 1_000));
    }
    const { rows } = await db.query<{ state: string; total_ms: string | null; place_ms: string | null; order_id: string | null; requests: number | null }>(
      `select w.state, extract(epoch from (w.updated_at - w.created_at)) * 1000 as total_ms, extract(epoch from (o.created_at - w.created_at)) * 1000 as place_ms,
              o.id as order_id, o.requests
         from withdrawals w left join sandbox_market_orders o on o.custom_id = w.custom_id`,
    );
    const done = rows.filter((r) => r.state === 'accepted');
    const total = done.map((r) => Number(r.total_ms) / 1000).sort((a, b) => a - b);
    const market = done.map((r) => acceptedAfter(r.order_id!)).sort((a, b) => a - b);
    const own = done.map((r) => Number(r.total_ms) / 1000 - acceptedAfter(r.order_id!)).sort((a, b) => a - b);
    const requests = answers.map((a) => a.ms).sort((a, b) => a - b);
    const placing = done.map((r) => Number(r.place_ms) / 1000).sort((a, b) => a - b);
    const noticing = done.map((r) => (Number(r.total_ms) - Number(r.place_ms)) / 1000 - acceptedAfter(r.order_id!)).sort((a, b) => a - b);
    return {
      withdrawals: rows.length,
      spreadSeconds: SPREAD_SECONDS,
      total: { p50: pct(total, 50), p99: pct(total, 99), max: total.at(-1) ?? NaN },
      market: { p50: pct(market, 50), p99: pct(market, 99) },
      store: { p50: pct(own, 50), p99: pct(own, 99), max: own.at(-1) ?? NaN },
      placing: { p50: pct(placing, 50), p99: pct(placing, 99) },
      noticing: { p50: pct(noticing, 50), p99: pct(noticing, 99) },
      requestP99: pct(requests, 99),
      accepted: done.length,
      stuck: expected - done.length,
      doubled: rows.filter((r) => (r.requests ?? 0) > 1).length,
    };
  } finally {
    await db.end();
  }
}
