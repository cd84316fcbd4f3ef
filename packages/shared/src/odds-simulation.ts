import { TICKETS } from './constants.ts';
import { pickByTicket, sortRanges, summarizeOdds, type TicketRange } from './odds.ts';
import { hashServerSeed, randomSeedHex, rollTicket } from './provably-fair.ts';

/**
 * Plays a case's odds table n times with the store's own roll (`rollTicket`, the formula every
 * opening uses, on fresh seeds) and `pickByTicket`, and reports what came out beside what the
 * table promises. Pure: the console's simulation button and `npm run admin` use it on a stored
 * table or a draft, with no database.
 */
export interface CaseSimulation<K = string> {
  n: number;
  expected_rtp: number;
  observed_rtp: number;
  /** One standard error of the observed RTP: how far chance alone moves it over n openings. */
  standard_error: number;
  expected_value: number;
  observed_value: number;
  /** Each item's draws, in the table's order. */
  counts: { item: K; count: number; expected: number }[];
  server_seed_hash: string;
  client_seed: string;
}

/** The most openings one simulation plays: about a second of rolls on a busy small machine. */
export const SIMULATION_MAX_OPENINGS = 200_000;

export function simulateCaseOpenings<K>(o: {
  ranges: readonly TicketRange<K>[];
  priceOf: (item: K) => number;
  casePrice: number;
  n: number;
  /** Fixes the seeds, for a reproducible run (tests). */
  seed?: number;
}): CaseSimulation<K> {
  if (!Number.isInteger(o.n) || o.n < 1 || o.n > SIMULATION_MAX_OPENINGS) throw new Error(`n must be 1..${SIMULATION_MAX_OPENINGS}`);
  const seeds =
    o.seed === undefined
      ? { serverSeed: randomSeedHex(32), clientSeed: randomSeedHex(8) }
      : { serverSeed: `simulation-${o.seed}`, clientSeed: `client-${o.seed}` };
  const ranges = sortRanges(o.ranges);
  const summary = summarizeOdds({ ranges, priceOf: o.priceOf, casePrice: o.casePrice });
  const price = new Map(summary.items.map((l) => [l.item, l.price]));
  const counts = new Map(summary.items.map((l) => [l.item, 0]));
  let won = 0;
  let sumSq = 0;
  for (let nonce = 1; nonce <= o.n; nonce++) {
    const item = pickByTicket(ranges, rollTicket({ ...seeds, nonce, cursor: 0 })).item;
    const value = price.get(item)!;
    won += value;
    sumSq += value * value;
    counts.set(item, counts.get(item)! + 1);
  }
  const mean = won / o.n;
  // The sample variance of one opening's value; the mean of n has variance σ²/n.
  const variance = o.n > 1 ? Math.max(0, (sumSq - o.n * mean * mean) / (o.n - 1)) : 0;
  const perPrice = o.casePrice > 0 ? 1 / o.casePrice : 0;
  return {
    n: o.n,
    expected_rtp: round(summary.rtp, 5),
    observed_rtp: round(mean * perPrice, 5),
    standard_error: round(Math.sqrt(variance / o.n) * perPrice, 5),
    expected_value: summary.expected_value,
    observed_value: mean,
    counts: summary.items.map((l) => ({ item: l.item, count: counts.get(l.item)!, expected: (l.tickets / TICKETS) * o.n })),
    server_seed_hash: hashServerSeed(seeds.serverSeed),
    client_seed: seeds.clientSeed,
  };
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
