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
