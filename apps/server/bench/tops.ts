/**
 * The leaderboard part of `npm run bench`: ranking reads on a board with BENCH_TOP_PLAYERS
 * (100 000) scored players. The players and their scores are written into the database while no
 * server runs (PGlite's data folder belongs to one process), then a server starts on it, and
 * signed-in players who sit far down the board (where placing them reads the most) and guests read
 * the ranking as fast as they can, then the cards. Target: ranking p99 ≤ 20 ms (decision 016).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { startServer, stopServer, type RunningServer } from '../test/helpers/server-process.ts';
import { pct, registerPlayers, request } from './common.ts';

const PLAYERS = Number(process.env.BENCH_TOP_PLAYERS ?? 100_000);
// Eight reads in flight at every moment: hundreds of page loads a second on one store.
const CLIENTS = Number(process.env.BENCH_TOP_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_TOP_SECONDS ?? 10);

export interface TopsBenchResult {
  players: number;
  rankingP50: number;
  rankingP99: number;
  activeP99: number;
  reads: number;
  errors: number;
  /** The place a bench reader saw for itself (1001 = past the cap). */
  readerPosition: number | null;
}

// On a server database the payments sandbox runs only when named, with a secret of its own.
const SANDBOX_SECRET = randomBytes(24).toString('hex');
const serverEnv = (dataDir: string, databaseUrl: string) => ({
  ...(databaseUrl ? { SANDBOX: 'payments,notifications,vendor,signin,push', PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET } : {}),
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  REDIS_URL: '',
  AUTH_RATE_LIMIT: '100000',
  // One opening at a time per player is held for its roulette (fastOpen); the bench opens back to back.
  REVEAL_TIME_SCALE: '0',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
});

/** PLAYERS accounts on the running weekly board with scores spread over 0.01 to 10 000 GOLD. */
async function fillBoard(dataDir: string, databaseUrl: string): Promise<number> {
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: path.join(dataDir, 'pglite') });
  try {
    const found = await database.db.execute(sql`select id from leaderboards where series = 'weekly-spent' and status = 'running' order by starts_at desc limit 1`);
    const boardId = Number((found as unknown as { rows: { id: number }[] }).rows[0]!.id);
    await database.db.execute(
      sql`insert into users (login, password_hash, nickname) select 'top-bench-' || g, 'x', 'Player ' || g from generate_series(1, ${PLAYERS}) g`,
    );
    // Scores from a fixed formula (not random): the same board in every run.
    await database.db.execute(
      sql`insert into leaderboard_entries (leaderboard_id, user_id, score, spent, won, reached_id)
          select ${boardId}, u.id, 1 + (u.id * 7919) % 1000000, 1 + (u.id * 7919) % 1000000, 0, u.id
            from users u where u.login like 'top-bench-%'`,
    );
    await database.db.execute(sql`analyze leaderboard_entries`);
    return boardId;
  } finally {
    await database.close();
  }
}

/** CLIENTS readers of one kind (a board's ranking, or the cards) for SECONDS; half are signed in. */
async function readLoad(server: RunningServer, url: string, tokens: string[]) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      // Half the readers are signed in (their own place is counted), half are guests.
      const token = i % 2 === 0 ? tokens[i % tokens.length] : undefined;
      while (Date.now() < end) {
        const t0 = performance.now();
        const res = await request(server.url, 'GET', url, undefined, token).catch(() => null);
        latencies.push(performance.now() - t0);
        if (!res?.status) errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), reads: latencies.length, errors };
}

export async function benchTops(databaseUrl: string): Promise<TopsBenchResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-tops-'));
  try {
    // A first start makes the schema and the seeded boards; then the board is filled offline.
    await stopServer(await startServer(serverEnv(dataDir, databaseUrl)));
    const boardId = await fillBoard(dataDir, databaseUrl);
    const server = await startServer(serverEnv(dataDir, databaseUrl));
    try {
      const tokens = await registerPlayers(server, dataDir, 8, 1000);
      const sections = await request(server.url, 'GET', '/api/v2/case/sections/with-cases');
      const c = sections.data
        .flatMap((s: any) => s.cases)
        .filter((x: any) => x.available && x.price_data.currency === 'GOLD' && !x.daily && x.price_data.price > 0)
        .sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
      // Each reader opens one cheap case: on the board, far below the cap.
      for (const t of tokens) await request(server.url, 'POST', `/api/v1/cases/${c.slug}/open`, { multi_open: 1 }, t);
      let readerPosition: number | null = null;
      for (let i = 0; i < 100 && readerPosition === null; i++) {
        const r = await request(server.url, 'GET', `/api/v2/top/ranking/${boardId}`, undefined, tokens[0]);
        readerPosition = r.data?.me?.position ?? null;
        if (readerPosition === null) await new Promise((res) => setTimeout(res, 50));
      }
      // Warm the process the same way first, unrecorded; then the ranking, then the cards, each on its own.
      const rankingUrl = `/api/v2/top/ranking/${boardId}`;
      await readLoad(server, rankingUrl, tokens);
      const ranking = await readLoad(server, rankingUrl, tokens);
      const cards = await readLoad(server, '/api/v2/top/active', tokens);
      return {
        players: PLAYERS,
        readerPosition,
        rankingP50: ranking.p50,
        rankingP99: ranking.p99,
        activeP99: cards.p99,
        reads: ranking.reads + cards.reads,
        errors: ranking.errors + cards.errors,
      };
    } finally {
      await stopServer(server);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
