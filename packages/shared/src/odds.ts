import { TICKETS } from './constants.ts';

/**
 * A case's odds: each drop owns a disjoint, inclusive ticket range, and the ranges cover
 * 1..100000 exactly, so any ticket maps to exactly one drop.
 */
export interface DropTickets<K = string> {
  item: K;
  tickets: number;
}
export interface TicketRange<K = string> {
  item: K;
  from: number;
  to: number;
}

export function buildRanges<K>(drops: readonly DropTickets<K>[]): TicketRange<K>[] {
  let next = 1;
  const ranges = drops.map(({ item, tickets }) => {
    if (!Number.isInteger(tickets) || tickets < 1) throw new Error(`tickets must be a positive integer, got ${tickets}`);
    const range = { item, from: next, to: next + tickets - 1 };
    next += tickets;
    return range;
  });
  if (next - 1 !== TICKETS) throw new Error(`tickets sum to ${next - 1}, expected ${TICKETS}`);
  return ranges;
}

/** Binary search: ranges are sorted and contiguous. */
export function pickByTicket<K>(ranges: readonly TicketRange<K>[], ticket: number): TicketRange<K> {
  if (!Number.isInteger(ticket) || ticket < 1 || ticket > TICKETS) throw new Error(`ticket out of range: ${ticket}`);
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = ranges[mid]!;
    if (ticket < r.from) hi = mid - 1;
    else if (ticket > r.to) lo = mid + 1;
    else return r;
  }
  throw new Error(`no range holds ticket ${ticket}`);
}

/** Expected value of one open, in the items' price units. */
export const expectedValue = (drops: readonly { tickets: number; price: number }[]): number =>
  drops.reduce((sum, d) => sum + d.tickets * d.price, 0) / TICKETS;

/** Return to player: expected value over the case price. */
export const returnToPlayer = (drops: readonly { tickets: number; price: number }[], casePrice: number): number =>
  casePrice > 0 ? expectedValue(drops) / casePrice : 0;

/** Chance of a drop in percent with 3 decimals, for the case page. */
export const chancePercent = (tickets: number): number => Math.round((tickets / TICKETS) * 100_000) / 1000;

/**
 * What is wrong with an odds table an operator wrote, by range (its index in the table as given),
 * so an editor can mark the row. Empty when the table is sound.
 */
export type OddsProblem =
  | { kind: 'empty' }
  | { kind: 'not_integer'; index: number }
  | { kind: 'reversed'; index: number }
  | { kind: 'out_of_bounds'; index: number }
  | { kind: 'overlap'; index: number; with: number }
  | { kind: 'gap'; from: number; to: number }
  | { kind: 'unknown_item'; index: number; item: string };

/**
 * Checks a table of ticket ranges: each range integer with from ≤ to inside 1..100000, no two
 * overlapping, no ticket left over (so the ranges cover 1..100000 exactly), every item known.
 * The order of the ranges does not matter here; `sortRanges` gives the stored order.
 */
export function oddsTableProblems<K>(ranges: readonly TicketRange<K>[], isKnown: (item: K) => boolean): OddsProblem[] {
  if (!ranges.length) return [{ kind: 'empty' }];
  const problems: OddsProblem[] = [];
  const sound: { index: number; from: number; to: number }[] = [];
  ranges.forEach((r, index) => {
    if (!isKnown(r.item)) problems.push({ kind: 'unknown_item', index, item: String(r.item) });
    if (!Number.isInteger(r.from) || !Number.isInteger(r.to)) problems.push({ kind: 'not_integer', index });
    else if (r.from > r.to) problems.push({ kind: 'reversed', index });
    else if (r.from < 1 || r.to > TICKETS) problems.push({ kind: 'out_of_bounds', index });
    else sound.push({ index, from: r.from, to: r.to });
  });
  sound.sort((a, b) => a.from - b.from || a.to - b.to);
  // Walk the tickets in order: whatever the sound ranges leave uncovered is a gap.
  let covered = 0;
  let last: (typeof sound)[number] | null = null;
  for (const r of sound) {
    if (last && r.from <= covered) problems.push({ kind: 'overlap', index: r.index, with: last.index });
    else if (r.from > covered + 1) problems.push({ kind: 'gap', from: covered + 1, to: r.from - 1 });
    if (r.to > covered) {
      covered = r.to;
      last = r;
    }
  }
  if (covered < TICKETS && sound.length) problems.push({ kind: 'gap', from: covered + 1, to: TICKETS });
  return problems;
}

/** The ranges in ticket order, the order a table is stored and shown in. */
export const sortRanges = <K>(ranges: readonly TicketRange<K>[]): TicketRange<K>[] =>
  [...ranges].map((r) => ({ item: r.item, from: r.from, to: r.to })).sort((a, b) => a.from - b.from);

/** A readable line for the first problem of a table (the error's detail; the editor marks each row). */
export function describeOddsProblem(p: OddsProblem): string {
  switch (p.kind) {
    case 'empty':
      return 'the table has no ranges';
    case 'not_integer':
      return `range ${p.index + 1}: tickets are whole numbers`;
    case 'reversed':
      return `range ${p.index + 1}: from is after to`;
    case 'out_of_bounds':
      return `range ${p.index + 1}: tickets run from 1 to ${TICKETS}`;
    case 'overlap':
      return `range ${p.index + 1} overlaps range ${p.with + 1}`;
    case 'gap':
      return `tickets ${p.from}..${p.to} belong to no item`;
    case 'unknown_item':
      return `range ${p.index + 1}: unknown item ${p.item}`;
  }
}

/**
 * The return to player an operator may set without confirming it (the console's guard rail): below
 * it the store looks mean to players, above it the case pays out nearly all it takes. Decision 029.
 */
export const CASE_RTP_GUARD = { min: 0.8, max: 0.98 } as const;

export const rtpNeedsConfirmation = (rtp: number): boolean => !(rtp >= CASE_RTP_GUARD.min && rtp <= CASE_RTP_GUARD.max);

export interface OddsItemSummary<K> {
  item: K;
  /** Tickets the item owns (summed when it holds several ranges). */
  tickets: number;
  /** Percent with 3 decimals, as the case page shows it. */
  chance: number;
  price: number;
}

export interface OddsSummary<K> {
  /** One line per item, in the order the item first appears in the table. */
  items: OddsItemSummary<K>[];
  /** Expected value of one opening, in the prices' units (not rounded). */
  expected_value: number;
  /** Expected value over the case price (not rounded); 0 for a case priced 0. */
  rtp: number;
}

/**
 * Each item's chance, the expected value of an opening and the return to player of a table, from
 * the items' prices and the case's price (any one unit for both). The server's console and the web
 * editor's live figures both come from here. The table should be sound (`oddsTableProblems`).
 */
export function summarizeOdds<K>(o: { ranges: readonly TicketRange<K>[]; priceOf: (item: K) => number; casePrice: number }): OddsSummary<K> {
  const byItem = new Map<K, OddsItemSummary<K>>();
  for (const r of o.ranges) {
    const line = byItem.get(r.item) ?? { item: r.item, tickets: 0, chance: 0, price: o.priceOf(r.item) };
    line.tickets += r.to - r.from + 1;
    byItem.set(r.item, line);
  }
  const items = [...byItem.values()].map((l) => ({ ...l, chance: chancePercent(l.tickets) }));
  const drops = items.map((l) => ({ tickets: l.tickets, price: l.price }));
  return { items, expected_value: expectedValue(drops), rtp: returnToPlayer(drops, o.casePrice) };
}
