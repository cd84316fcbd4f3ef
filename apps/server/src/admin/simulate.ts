import { buildContractTable, pickContractOutcome, type ContractCandidate } from '@store/shared/contract';
import { hashServerSeed, randomSeedHex, rollTicket } from '@store/shared/provably-fair';
import { fairMultiplier, minesFromTickets, safeCells, techiesMultiplier, techiesPayout } from '@store/shared/techies';
import { isUpgradeWin, nearestByPrice, upgradeWinTickets } from '@store/shared/upgrade';
import type { ProjectConfig } from '../config/projects.ts';

/**
 * The operator's check of the games' economics (decision 006): plays n upgrades or contracts
 * with the same pure functions and the same roll the server uses, on fresh random seeds, over a
 * realistic spread of stakes and targets from the committed catalogue, and reports the observed
 * return to player (Σ value won / Σ value staked) beside the configured one. No database.
 */
export interface SimulationReport {
  game: 'upgrades' | 'contracts' | 'techies';
  n: number;
  configured_rtp: number;
  /** What the tables promise: Σ expected value / Σ stake over the same plays. */
  expected_rtp: number;
  observed_rtp: number;
  /** One standard error of the observed RTP, so a reader can judge the gap. */
  standard_error: number;
  difference_pp: number;
  wins?: number;
  win_rate?: number;
  coins_per_stake?: number;
  server_seed_hash: string;
  client_seed: string;
}

/** A small seeded generator for the choice of stakes and targets (not for the rolls). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stakes look like a case opener's inventory: items of 1 to 50 GOLD (minor units here). */
const STAKE_ITEM_MIN = 100;
const STAKE_ITEM_MAX = 5_000;
/** Players mostly aim a little above the default ×1.5, now and then much higher. */
const UPGRADE_MULTIPLIERS: [number, number][] = [
  [1.2, 15],
  [1.5, 40],
  [2, 25],
  [3, 12],
  [5, 6],
  [10, 2],
];

/** Mine counts as players pick them: the presets most, now and then the extremes. */
const TECHIES_MINES: [number, number][] = [
  [1, 10],
  [3, 35],
  [5, 25],
  [10, 15],
  [15, 8],
  [24, 7],
];

/** The highest fair multiplier a simulated player aims at. */
const TECHIES_MAX_CHASE = 10;

/** 0..n − 1 in a random order (Fisher–Yates). */
function shuffled(rnd: () => number, n: number): number[] {
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function pickWeighted<T>(rnd: () => number, options: [T, number][]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = rnd() * total;
  for (const [v, w] of options) if ((x -= w) < 0) return v;
  return options.at(-1)![0];
}

interface Stats {
  staked: number;
  won: number;
  expected: number;
  sumSq: number;
}

function finish(game: SimulationReport['game'], n: number, rtp: number, s: Stats, seeds: { serverSeed: string; clientSeed: string }): SimulationReport {
  const observed = s.won / s.staked;
  // Ratio estimator variance: Σ (won_i − R·stake_i)² / (Σ stake)².
  const se = Math.sqrt(s.sumSq) / s.staked;
  return {
    game,
    n,
    configured_rtp: rtp,
    expected_rtp: round(s.expected / s.staked, 5),
    observed_rtp: round(observed, 5),
    standard_error: round(se, 5),
    difference_pp: round((observed - rtp) * 100, 3),
    server_seed_hash: hashServerSeed(seeds.serverSeed),
    client_seed: seeds.clientSeed,
  };
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

export interface SimulationOptions {
  game: SimulationReport['game'];
  n: number;
  /** The catalogue sorted by price ascending. */
  catalogue: readonly ContractCandidate[];
  project: Pick<ProjectConfig, 'upgrades' | 'contracts' | 'techies'>;
  /** Fixes the choice of stakes and the seeds, for a reproducible run (tests). */
  seed?: number;
}

export function simulate(opts: SimulationOptions): SimulationReport {
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const rnd = mulberry32(seed);
  const seeds =
    opts.seed === undefined
      ? { serverSeed: randomSeedHex(32), clientSeed: randomSeedHex(8) }
      : { serverSeed: `simulation-${opts.seed}`, clientSeed: `client-${opts.seed}` };
  const prices = opts.catalogue.map((c) => c.price);
  const pool = opts.catalogue.filter((c) => c.price >= STAKE_ITEM_MIN && c.price <= STAKE_ITEM_MAX);
  if (!pool.length) throw new Error('no catalogue items in the stake range');
  const stakeOf = (count: number) => {
    let s = 0;
    for (let i = 0; i < count; i++) s += pool[Math.floor(rnd() * pool.length)]!.price;
    return s;
  };
  const roll = (nonce: number) => rollTicket({ ...seeds, nonce, cursor: 0 });
  const s: Stats = { staked: 0, won: 0, expected: 0, sumSq: 0 };
  const samples: [number, number][] = [];

  if (opts.game === 'upgrades') {
    const rules = opts.project.upgrades;
    let wins = 0;
    let coins = 0;
    for (let i = 1; i <= opts.n; i++) {
      const stake = stakeOf(pickWeighted(rnd, [[1, 60], [2, 25], [3, 15]]));
      const m = pickWeighted(rnd, UPGRADE_MULTIPLIERS);
      let t = nearestByPrice(prices, stake * m);
      while (t < prices.length - 1 && prices[t]! <= stake) t++;
      const target = prices[t]!;
      const winTickets = upgradeWinTickets(stake, target, rules.rate);
      const win = isUpgradeWin(roll(i), winTickets / 1000, rnd() < 0.5);
      if (win) wins++;
      else coins += Math.floor((stake * rules.coins_on_loss_percent) / 100);
      const won = win ? target : 0;
      s.staked += stake;
      s.won += won;
      s.expected += (winTickets / 100_000) * target;
      samples.push([stake, won]);
    }
    const report = finish('upgrades', opts.n, rules.rate, withVariance(s, samples), seeds);
    return { ...report, wins, win_rate: round((wins / opts.n) * 100, 3), coins_per_stake: round(coins / s.staked, 5) };
  }

  if (opts.game === 'techies') {
    const rules = opts.project.techies;
    let wins = 0;
    for (let i = 1; i <= opts.n; i++) {
      const stake = STAKE_ITEM_MIN + Math.floor(rnd() * (STAKE_ITEM_MAX - STAKE_ITEM_MIN));
      const mines = pickWeighted(rnd, TECHIES_MINES);
      // The player means to cash out after `aim` safe cells, opened in an order of their own;
      // most stop early, few chase more than ×10 (which would also need millions of plays to measure).
      let reach = 1;
      while (reach < safeCells(mines) && fairMultiplier(mines, reach + 1) <= TECHIES_MAX_CHASE) reach++;
      const aim = 1 + Math.floor(rnd() ** 2 * reach);
      const layout = new Set(minesFromTickets(Array.from({ length: mines }, (_, cursor) => rollTicket({ ...seeds, nonce: i, cursor }))));
      const order = shuffled(rnd, 25);
      const survived = order.slice(0, aim).every((cell) => !layout.has(cell));
      const multiplier = techiesMultiplier(mines, aim, rules.rtp);
      const won = survived ? techiesPayout(stake, multiplier) : 0;
      if (survived) wins++;
      s.staked += stake;
      s.won += won;
      s.expected += techiesPayout(stake, multiplier) / fairMultiplier(mines, aim);
      samples.push([stake, won]);
    }
    const report = finish('techies', opts.n, rules.rtp, withVariance(s, samples), seeds);
    return { ...report, wins, win_rate: round((wins / opts.n) * 100, 3) };
  }

  const rules = opts.project.contracts;
  for (let i = 1; i <= opts.n; i++) {
    const count = rules.min_items + Math.floor(rnd() * (rules.max_items - rules.min_items + 1));
    const stake = stakeOf(count);
    const table = buildContractTable({ stake, candidates: opts.catalogue, rules });
    if (!table) throw new Error(`no contract table for stake ${stake}`);
    const won = pickContractOutcome(table, roll(i)).price;
    s.staked += stake;
    s.won += won;
    s.expected += table.reduce((sum, r) => sum + r.tickets * r.price, 0) / 100_000;
    samples.push([stake, won]);
  }
  return finish('contracts', opts.n, rules.rtp, withVariance(s, samples), seeds);
}

function withVariance(s: Stats, samples: [number, number][]): Stats {
  const r = s.won / s.staked;
  s.sumSq = samples.reduce((sum, [stake, won]) => sum + (won - r * stake) ** 2, 0);
  return s;
}
