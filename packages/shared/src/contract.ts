import { TICKETS } from './constants.ts';
import { nearestByPrice } from './upgrade.ts';

/**
 * Contracts: 3 to 10 items in, one item out. The stake S is the sum of the staked items'
 * prices. The published outcome table has up to `bands` rows whose target values run
 * geometrically from min_multiplier × S to max_multiplier × S; each row is the catalogue item
 * nearest its target, and integer ticket weights over 1..100000 are chosen so that the
 * expected value of those concrete items is RTP × S (within a fraction of a minor unit per
 * ticket). Weights fall off as a power of the multiplier, so cheap outcomes are likely and
 * the ×4 outcome is rare, like the best stores' contracts.
 */
export interface ContractRules {
  rtp: number;
  min_multiplier: number;
  max_multiplier: number;
  bands: number;
}

export interface ContractCandidate {
  key: string;
  price: number;
}

export interface ContractOutcome {
  key: string;
  price: number;
  tickets: number;
  from: number;
  to: number;
}

/** Target multipliers of the bands, geometric from min to max. */
export function contractMultipliers(rules: Pick<ContractRules, 'min_multiplier' | 'max_multiplier' | 'bands'>): number[] {
  const { min_multiplier: lo, max_multiplier: hi, bands } = rules;
  if (bands < 2) return [lo];
  return Array.from({ length: bands }, (_, i) => lo * (hi / lo) ** (i / (bands - 1)));
}

/**
 * Continuous weights (m_i)^-k normalised to 1. With m_i = price_i / S the stake cancels in the
 * normalisation, so they are computed from ln price_i, in log space so extreme k cannot overflow.
 */
function powerWeights(logPrices: readonly number[], k: number): number[] {
  let top = -Infinity;
  for (const l of logPrices) top = Math.max(top, -k * l);
  const raw = logPrices.map((l) => Math.exp(-k * l - top));
  const sum = raw.reduce((s, w) => s + w, 0);
  return raw.map((w) => w / sum);
}

/** EV of the continuous weights for k. */
const evAt = (logPrices: readonly number[], values: readonly number[], k: number): number =>
  powerWeights(logPrices, k).reduce((s, w, i) => s + w * values[i]!, 0);

const pricesCache = new WeakMap<readonly ContractCandidate[], number[]>();
const pricesOf = (candidates: readonly ContractCandidate[]) => {
  let prices = pricesCache.get(candidates);
  if (!prices) pricesCache.set(candidates, (prices = candidates.map((c) => c.price)));
  return prices;
};

/**
 * Builds the outcome table for a stake from candidates sorted by price ascending. Returns null
 * when no table can reach the RTP (the catalogue has nothing above or below RTP × S).
 */
export function buildContractTable(opts: { stake: number; candidates: readonly ContractCandidate[]; rules: ContractRules }): ContractOutcome[] | null {
  const { stake, candidates, rules } = opts;
  const target = rules.rtp * stake;
  // Nothing to search. A stake of 0 or less, or a single price, is refused below: nothing lies
  // on both sides of RTP × S.
  if (!candidates.length || Number.isNaN(target)) return null;
  const prices = pricesOf(candidates);

  const picked = new Set<number>();
  for (const m of contractMultipliers(rules)) picked.add(nearestByPrice(prices, m * stake));
  let idx = [...picked].sort((a, b) => a - b);
  // The nearest items may all sit on one side of RTP × S (a tiny or huge stake): widen to the
  // closest items on the other side so the expected value can still be met.
  if (prices[idx[0]!]! >= target) {
    const below = prices.findLastIndex((p) => p < target);
    if (below === -1) return null;
    idx = [below, ...idx];
  }
  if (prices[idx.at(-1)!]! <= target) {
    const above = prices.findIndex((p) => p > target);
    if (above === -1) return null;
    idx = [...idx, above];
  }
  // Equal prices add nothing to the table but a duplicate-looking row.
  idx = idx.filter((i, n) => n === 0 || prices[i] !== prices[idx[n - 1]!]);

  const values = idx.map((i) => prices[i]!);
  const logPrices = values.map((v) => Math.log(v));

  // EV falls as k grows (weight moves to the cheap rows): bisect for EV = target. The integer
  // correction below absorbs what is left, so 50 halvings are plenty.
  let lo = -60;
  let hi = 60;
  for (let n = 0; n < 50; n++) {
    const mid = (lo + hi) / 2;
    if (evAt(logPrices, values, mid) > target) lo = mid;
    else hi = mid;
  }
  const weights = powerWeights(logPrices, (lo + hi) / 2);

  // Integer tickets, at least 1 each, summing to 100000 (largest remainder).
  const exact = weights.map((w) => w * TICKETS);
  const tickets = exact.map((x) => Math.max(1, Math.floor(x)));
  let spare = TICKETS - tickets.reduce((s, t) => s + t, 0);
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r);
  for (let n = 0; spare > 0; n = (n + 1) % byRemainder.length, spare--) tickets[byRemainder[n]!.i]!++;
  while (spare < 0) {
    const big = tickets.indexOf(Math.max(...tickets));
    tickets[big]!--;
    spare++;
  }

  // Fix the rounding: move tickets between rows, widest gaps first, until EV is as close to
  // the target as whole tickets allow.
  const pairs: [number, number][] = [];
  for (let a = 0; a < values.length; a++) for (let b = a + 1; b < values.length; b++) pairs.push([a, b]);
  pairs.sort((p, q) => values[q[1]]! - values[q[0]]! - (values[p[1]]! - values[p[0]]!));
  let deficit = target * TICKETS - tickets.reduce((s, t, i) => s + t * values[i]!, 0);
  for (let pass = 0; pass < 2; pass++) {
    for (const [a, b] of pairs) {
      const gap = values[b]! - values[a]!;
      // Every row keeps at least one ticket.
      const move = Math.max(-(tickets[b]! - 1), Math.min(Math.round(deficit / gap), tickets[a]! - 1));
      tickets[a]! -= move;
      tickets[b]! += move;
      deficit -= move * gap;
    }
  }

  let next = 1;
  return idx.map((ci, n) => {
    const row = { key: candidates[ci]!.key, price: values[n]!, tickets: tickets[n]!, from: next, to: next + tickets[n]! - 1 };
    next += tickets[n]!;
    return row;
  });
}

/** The outcome a ticket lands on; the table covers 1..100000. */
export function pickContractOutcome(table: readonly ContractOutcome[], ticket: number): ContractOutcome {
  const row = table.find((r) => ticket >= r.from && ticket <= r.to);
  if (!row) throw new Error(`no contract outcome holds ticket ${ticket}`);
  return row;
}

export const contractExpectedValue = (table: readonly { tickets: number; price: number }[]): number =>
  table.reduce((s, r) => s + r.tickets * r.price, 0) / TICKETS;
