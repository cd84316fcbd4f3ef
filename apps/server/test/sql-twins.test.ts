import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BATTLE_MODES, seatsOf, teamOf } from '@store/shared/battle';
import { TICKETS } from '@store/shared/constants';
import { coinsFromTicket } from '@store/shared/events';
import { LEADERBOARD_TYPES, scoreOf } from '@store/shared/leaderboards';
import { ACTIVITY_KINDS, expForSpend, kindsOfMission, MISSION_MEASURES, measureOf, type Measure, type StreamMissionType } from '@store/shared/progression';
import { rollTicket } from '@store/shared/provably-fair';
import { rows } from '../src/db/rows.ts';
import { measureSql, rulesTable } from '../src/modules/activity/progression-sql.ts';
import { teamOfSql } from '../src/modules/battles/battle-statistics.ts';
import { expOfSpend } from '../src/modules/levels/experience-consumer.ts';
import { MEASURE, SCORING_RULES } from '../src/modules/leaderboards/scoring-consumer.ts';
import { MISSION_RULES } from '../src/modules/missions/progress-consumer.ts';
import { freshDatabase } from './helpers/test-app.ts';

// Rules that live in SQL beside their TypeScript reference, compared over thousands of inputs drawn
// from a fixed seed (the same inputs every run), each set in one or two statements.

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => fresh.database.db;

beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

/** mulberry32: a small seeded generator, so a failure names inputs that come back on the next run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in lo..hi, both included. */
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { int, pick };
}

const num = (v: number | string) => Number(v);

describe('SQL and TypeScript give the same answers', () => {
  it('the provably-fair ticket (store_hmac_pads, store_padded_ticket) equals rollTicket', async () => {
    const r = seeded(1);
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';
    const word = (lo: number, hi: number) => Array.from({ length: r.int(lo, hi) }, () => r.pick([...alphabet])).join('');
    // Seeds of every length around the HMAC block (64 bytes), where the key is hashed first.
    const seeds = Array.from({ length: 100 }, (_, i) => (i < 4 ? 'x'.repeat([1, 63, 64, 65][i]!) : word(1, 130)));
    const inputs = seeds.flatMap((serverSeed, s) =>
      Array.from({ length: 20 }, () => ({ s, serverSeed, clientSeed: word(1, 64), nonce: r.int(0, 2_000_000_000), cursor: r.int(0, 3) })),
    );
    const got = await rows<{ t: number }>(
      db(),
      sql`with s as (
            select s.i, p.ipad, p.opad
              from unnest(${sql.param(seeds)}::text[]) with ordinality as s(seed, i), store_hmac_pads(convert_to(s.seed, 'UTF8')) p
          )
          select store_padded_ticket(s.ipad, s.opad, x.c, x.n, x.k) as t
            from unnest(${sql.param(inputs.map((x) => x.s + 1))}::int[], ${sql.param(inputs.map((x) => x.clientSeed))}::text[],
                        ${sql.param(inputs.map((x) => x.nonce))}::int[], ${sql.param(inputs.map((x) => x.cursor))}::int[]) with ordinality as x(s, c, n, k, i)
            join s on s.i = x.s
           order by x.i`,
    );
    expect(got.map((g) => num(g.t))).toEqual(inputs.map((x) => rollTicket(x)));
  });

  it('an event case\'s coins (store_coins_from_ticket) equal coinsFromTicket', async () => {
    const r = seeded(2);
    const inputs = Array.from({ length: 5000 }, (_, i) => {
      const ticket = i < 2 ? [1, TICKETS][i]! : r.int(1, TICKETS);
      // Ranges small and large, upside down and empty, as an operator may type them.
      const lo = r.int(0, r.pick([1, 10, 1000, 1_000_000]));
      const hi = r.pick([lo, lo + r.int(0, 50), r.int(0, 1_000_000)]);
      return [ticket, lo, hi] as const;
    });
    const got = await rows<{ n: number }>(
      db(),
      sql`select store_coins_from_ticket(t, lo, hi) as n
            from unnest(${sql.param(inputs.map((x) => x[0]))}::int[], ${sql.param(inputs.map((x) => x[1]))}::int[],
                        ${sql.param(inputs.map((x) => x[2]))}::int[]) with ordinality as x(t, lo, hi, i)
           order by i`,
    );
    expect(got.map((g) => num(g.n))).toEqual(inputs.map(([t, lo, hi]) => coinsFromTicket(t, lo, hi)));
  });

  it('experience for a spend (expOfSpend, the rate as a parameter) equals expForSpend', async () => {
    const r = seeded(3);
    const spends = [
      ...[-1_000, -1, 0, 1, 99, 100, 101, 199, 200, 12_345, 1_000_000_007, 9_007_199_254_740_000],
      ...Array.from({ length: 5000 }, () => r.pick([r.int(-500, 500), r.int(0, 100_000), r.int(0, 10_000_000_000)])),
    ];
    const got = await rows<{ n: number | string }>(
      db(),
      sql`select ${expOfSpend(sql`x.m`)} as n from unnest(${sql.param(spends)}::bigint[]) with ordinality as x(m, i) order by i`,
    );
    expect(got.map((g) => num(g.n))).toEqual(spends.map(expForSpend));
  });

  const activities = (seed: number, n: number) => {
    const r = seeded(seed);
    const figure = () => r.pick([0, 0, 1, -1, r.int(-1_000, 1_000), r.int(0, 10_000_000)]);
    return Array.from({ length: n }, () => ({ kind: r.pick([...ACTIVITY_KINDS, 'unknown']), amount: figure(), won: figure(), count: figure() }));
  };
  const batch = (xs: ReturnType<typeof activities>) =>
    sql`b as (select * from unnest(${sql.param(xs.map((a) => a.kind))}::text[], ${sql.param(xs.map((a) => a.amount))}::bigint[],
                                   ${sql.param(xs.map((a) => a.won))}::bigint[], ${sql.param(xs.map((a) => a.count))}::int[])
                           with ordinality as b(kind, amount, won, count, id))`;

  it('each measure (measureSql) equals measureOf', async () => {
    const xs = activities(4, 2000);
    const measures: Measure[] = ['amount', 'won', 'count', 'win', 'one'];
    const got = await rows<{ v: number | string }>(
      db(),
      sql`with ${batch(xs)}
          select ${measureSql(sql`m.measure`)} as v from b cross join unnest(${sql.param(measures)}::text[]) with ordinality as m(measure, j)
           order by b.id, m.j`,
    );
    expect(got.map((g) => num(g.v))).toEqual(xs.flatMap((a) => measures.map((m) => measureOf(m, a))));
  });

  it('a board\'s score of one activity (the scoring consumer\'s rules and measure) equals scoreOf', async () => {
    const xs = activities(5, 3000);
    const got = await rows<{ v: number | string }>(
      db(),
      sql`with ${batch(xs)}, ${rulesTable(SCORING_RULES)}
          select ${MEASURE} as v
            from b cross join unnest(${sql.param([...LEADERBOARD_TYPES])}::text[]) with ordinality as l(type, j)
            left join r on r.target = l.type and r.kind = b.kind
           order by b.id, l.j`,
    );
    expect(got.map((g) => num(g.v))).toEqual(xs.flatMap((a) => LEADERBOARD_TYPES.map((type) => scoreOf(type, a))));
  });

  it('a mission\'s step (the missions consumer\'s rules) is what the shared table says', async () => {
    const xs = activities(6, 3000);
    const types = Object.keys(MISSION_MEASURES) as StreamMissionType[];
    const got = await rows<{ v: number | string }>(
      db(),
      sql`with ${batch(xs)}, ${rulesTable(MISSION_RULES)}
          select coalesce(${measureSql(sql`r.measure`)}, 0) as v
            from b cross join unnest(${sql.param(types)}::text[]) with ordinality as t(type, j)
            left join r on r.target = t.type and r.kind = b.kind
           order by b.id, t.j`,
    );
    expect(got.map((g) => num(g.v))).toEqual(
      xs.flatMap((a) => types.map((type) => ((kindsOfMission(type) as string[]).includes(a.kind) ? measureOf(MISSION_MEASURES[type], a) : 0))),
    );
  });

  it('a seat\'s team (teamOfSql) equals teamOf', async () => {
    const pairs = BATTLE_MODES.flatMap((mode) => Array.from({ length: seatsOf(mode) }, (_, i) => ({ mode, seat: i + 1 })));
    const got = await rows<{ t: number }>(
      db(),
      sql`select ${teamOfSql(sql`x.mode`, sql`x.seat`)} as t
            from unnest(${sql.param(pairs.map((p) => p.mode))}::text[], ${sql.param(pairs.map((p) => p.seat))}::int[]) with ordinality as x(mode, seat, i)
           order by i`,
    );
    expect(got.map((g) => num(g.t))).toEqual(pairs.map((p) => teamOf(p.mode, p.seat)));
  });
});
