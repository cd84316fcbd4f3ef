import { TICKETS } from './constants.ts';
import { summarizeOdds, type TicketRange } from './odds.ts';

/**
 * Prices that follow the market (decision 078): the operator's band of a case's return to player,
 * where a case stands against it at today's item prices, and a rebalanced odds table that brings
 * it back. Pure: the price job, the console's routes and the console's page use the same rules.
 */

/** The band a case's return to player should stay in, as fractions (0.85 is 85 %). */
export interface RtpBand {
  min: number;
  max: number;
}

/** `PRICE_RTP_BAND`'s form: two whole or decimal percents, `85-95`. */
export function parseRtpBand(text: string): RtpBand | null {
  const m = /^\s*(\d{1,3}(?:\.\d{1,2})?)\s*-\s*(\d{1,3}(?:\.\d{1,2})?)\s*$/.exec(text);
  if (!m) return null;
  const min = Number(m[1]) / 100;
  const max = Number(m[2]) / 100;
  return min > 0 && min < max && max <= 2 ? { min, max } : null;
}

export const bandText = (band: RtpBand): string => `${round(band.min * 100, 2)}-${round(band.max * 100, 2)}`;

export type BandStanding = 'low' | 'in' | 'high';

export function bandStanding(rtp: number, band: RtpBand): BandStanding {
  if (rtp < band.min) return 'low';
  if (rtp > band.max) return 'high';
  return 'in';
}

/** The middle of the band: where a proposal aims, so the next small move of prices keeps it inside. */
export const bandTarget = (band: RtpBand): number => (band.min + band.max) / 2;

/**
 * A market price (a decimal string in whole currency units, `"1234.56"`) in minor units, read
 * digit by digit so no float rounding creeps in; null for anything else (more than 2 decimals,
 * a sign, an exponent).
 */
export function marketPriceToMinor(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A price's move between two runs, in percent of the old one (2 decimals); 0 from a zero price. */
export const priceChangePercent = (oldPrice: number, price: number): number => (oldPrice > 0 ? round(((price - oldPrice) / oldPrice) * 100, 2) : 0);

interface Line<K> {
  item: K;
  tickets: number;
  /** The item's price over the case's price: what one ticket adds to the RTP, times TICKETS. */
  ratio: number;
}

/**
 * A rebalanced odds table for a case whose return to player left the band: the same items in the
 * same order, one contiguous range each, every item keeping at least one ticket, with the return
 * at today's prices inside the band (aimed at its middle). The weights are the current ones
 * tilted towards the cheap items (RTP too high) or the dear ones (too low), `w·e^(λ·price)`, the
 * smallest change of the table's shape that reaches the target, then rounded to whole tickets and
 * nudged a ticket at a time if rounding left the band. Null when no table of these items can
 * reach the band (every item dearer than the case's top, or all cheaper than its bottom): such
 * a case needs new items or a new price, or to come off sale.
 */
export function proposeOdds<K>(o: { ranges: readonly TicketRange<K>[]; priceOf: (item: K) => number; casePrice: number; band: RtpBand }): { ranges: TicketRange<K>[]; rtp: number } | null {
  if (o.casePrice <= 0 || !o.ranges.length) return null;
  const byItem = new Map<K, Line<K>>();
  for (const r of [...o.ranges].sort((a, b) => a.from - b.from)) {
    const line = byItem.get(r.item) ?? { item: r.item, tickets: 0, ratio: o.priceOf(r.item) / o.casePrice };
    line.tickets += r.to - r.from + 1;
    byItem.set(r.item, line);
  }
  const lines = [...byItem.values()];
  if (lines.length > TICKETS) return null;
  const rtpOf = (tickets: readonly number[]) => tickets.reduce((s, t, i) => s + t * lines[i]!.ratio, 0) / TICKETS;
  const target = bandTarget(o.band);
  // What any table of these items can reach, each keeping one ticket.
  const cheapest = lines.reduce((a, l, i) => (l.ratio < lines[a]!.ratio ? i : a), 0);
  const dearest = lines.reduce((a, l, i) => (l.ratio > lines[a]!.ratio ? i : a), 0);
  const extreme = (at: number) => rtpOf(lines.map((_, i) => (i === at ? TICKETS - lines.length + 1 : 1)));
  if (extreme(cheapest) > o.band.max || extreme(dearest) < o.band.min) return null;

  const tilted = (lambda: number) => {
    const top = Math.max(...lines.map((l) => lambda * l.ratio));
    const w = lines.map((l) => l.tickets * Math.exp(lambda * l.ratio - top));
    const sum = w.reduce((a, b) => a + b, 0);
    return w.map((x) => x / sum);
  };
  const realRtp = (lambda: number) => tilted(lambda).reduce((s, q, i) => s + q * lines[i]!.ratio, 0);
  // Bracket the target, then halve: the tilted RTP grows with λ.
  let lo = -1;
  let hi = 1;
  for (let i = 0; i < 60 && realRtp(lo) > target; i++) lo *= 2;
  for (let i = 0; i < 60 && realRtp(hi) < target; i++) hi *= 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (realRtp(mid) < target) lo = mid;
    else hi = mid;
  }
  const tickets = wholeTickets(tilted((lo + hi) / 2));

  // Rounding can leave the band where one ticket is worth a lot: move single tickets between the
  // cheapest and the dearest item that can spare one until it is back.
  for (let step = 0; step < TICKETS; step++) {
    const rtp = rtpOf(tickets);
    if (rtp >= o.band.min && rtp <= o.band.max) break;
    const [from, to] = rtp > o.band.max ? [spare(tickets, lines, 'dearest'), cheapest] : [spare(tickets, lines, 'cheapest'), dearest];
    if (from < 0 || from === to) return null;
    tickets[from]!--;
    tickets[to]!++;
  }
  const rtp = rtpOf(tickets);
  if (rtp < o.band.min || rtp > o.band.max) return null;
  let next = 1;
  const ranges = lines.map((l, i) => {
    const range = { item: l.item, from: next, to: next + tickets[i]! - 1 };
    next += tickets[i]!;
    return range;
  });
  return { ranges, rtp: summarizeOdds({ ranges, priceOf: o.priceOf, casePrice: o.casePrice }).rtp };
}

/** Shares of the tickets as whole tickets summing to TICKETS, each at least 1 (largest remainders). */
function wholeTickets(shares: readonly number[]): number[] {
  const raw = shares.map((q) => q * TICKETS);
  const tickets = raw.map((x) => Math.max(1, Math.floor(x)));
  let left = TICKETS - tickets.reduce((a, b) => a + b, 0);
  const order = raw.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) tickets[order[k]!.i]!++;
  // Items raised to their one ticket are paid for by the items holding the most.
  while (left < 0) {
    const most = tickets.reduce((a, t, i) => (t > tickets[a]! ? i : a), 0);
    tickets[most]!--;
    left++;
  }
  return tickets;
}

/** The index of the dearest (or cheapest) item holding more than one ticket, or -1. */
function spare<K>(tickets: readonly number[], lines: readonly Line<K>[], which: 'dearest' | 'cheapest'): number {
  let best = -1;
  for (let i = 0; i < lines.length; i++) {
    if (tickets[i]! <= 1) continue;
    if (best < 0 || (which === 'dearest' ? lines[i]!.ratio > lines[best]!.ratio : lines[i]!.ratio < lines[best]!.ratio)) best = i;
  }
  return best;
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
