import { TICKETS } from '@store/shared/constants';
import type { Lang } from '#app/lib/lang.ts';
import { CASE_RTP_GUARD, oddsTableProblems, summarizeOdds, type OddsSummary, type TicketRange } from '@store/shared/odds';

/**
 * The odds table editor's rules (decision 030). The operator writes rows of an item and its chance
 * in percent (3 decimals: one ticket is 0.001%); the rows take whole-ticket ranges one after the
 * other from ticket 1, so two rows can never overlap, and the shared `oddsTableProblems` says what
 * is still wrong (tickets left over, past 100000, an unknown item). The live figures come from the
 * shared `summarizeOdds`, the function the server's console reads use.
 */
export interface OddsRow {
  /** Stable within one editing session, for React. */
  id: number;
  item: string;
  /** The chance as typed: percent, a comma counts as the point. */
  chance: string;
}

/** What the editor knows about an item: its name and its price now, in wallet units. */
export interface KnownItem {
  name: string;
  price: number;
}

export type RowProblem = 'chance_format' | 'unknown_item' | 'out_of_bounds';

export interface OddsDraft {
  /** The ranges of the rows that have a sound chance, in row order: what is sent to the server. */
  ranges: TicketRange[];
  /** Per row: its tickets (null when the chance is not a number the table can hold) and its range. */
  rows: { tickets: number | null; from: number | null; to: number | null; problems: RowProblem[] }[];
  /** Tickets the rows hold together, and what is left to reach 100000 (negative: past it). */
  total: number;
  left: number;
  /** Whether the table can be sent: every row sound and the ranges cover 1..100000 exactly. */
  sound: boolean;
  /** The live figures of the ranges there are (while tickets are left over, they are of an incomplete table). */
  summary: OddsSummary<string> | null;
}

let nextRowId = 1;
export const newRowId = (): number => nextRowId++;

/** A percent with at most 3 decimals: 1 ticket is 0.001%. */
export function chanceTextOf(tickets: number): string {
  return String(tickets / 1000);
}

/** The rows of a stored table, one per range, in ticket order. */
export function rowsOfRanges(ranges: readonly TicketRange[]): OddsRow[] {
  return [...ranges].sort((a, b) => a.from - b.from).map((r) => ({ id: newRowId(), item: r.item, chance: chanceTextOf(r.to - r.from + 1) }));
}

/**
 * Tickets of a typed chance: a positive percent of at most 100 with at most 3 decimals (a comma
 * counts as the point), or null.
 */
export function ticketsOfChance(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(t)) return null;
  const tickets = Math.round(Number(t) * 1000);
  return tickets >= 1 && tickets <= TICKETS ? tickets : null;
}

/** The editor's rows as a table: ranges, each row's problems, what is left and the live figures. */
export function draftOf(rows: readonly OddsRow[], known: (item: string) => KnownItem | undefined, casePrice: number): OddsDraft {
  const ranges: TicketRange[] = [];
  const rangeRow: number[] = [];
  let next = 1;
  const out: OddsDraft['rows'] = rows.map((row, index) => {
    const tickets = ticketsOfChance(row.chance);
    if (tickets === null) return { tickets, from: null, to: null, problems: ['chance_format'] };
    const range = { item: row.item, from: next, to: next + tickets - 1 };
    next += tickets;
    ranges.push(range);
    rangeRow.push(index);
    return { tickets, from: range.from, to: range.to, problems: [] };
  });
  const problems = oddsTableProblems(ranges, (item) => known(item) !== undefined);
  for (const p of problems) {
    if (p.kind === 'unknown_item' || p.kind === 'out_of_bounds') out[rangeRow[p.index]!]!.problems.push(p.kind);
  }
  // Built one after the other, the ranges cannot overlap or be reversed: what is left is a gap or a row past 100000.
  const total = next - 1;
  const sound = rows.length > 0 && problems.length === 0 && out.every((r) => r.problems.length === 0);
  const summary = ranges.length ? summarizeOdds({ ranges, priceOf: (item) => known(item)?.price ?? 0, casePrice }) : null;
  return { ranges, rows: out, total, left: TICKETS - total, sound, summary };
}

/** Where a return to player stands against the guard range (the server asks to confirm outside it). */
export function rtpStanding(rtp: number): 'low' | 'ok' | 'high' {
  if (rtp < CASE_RTP_GUARD.min) return 'low';
  if (rtp > CASE_RTP_GUARD.max) return 'high';
  return 'ok';
}

/** A fraction as a percent with 2 decimals, the way the console shows a return to player (a comma in Russian). */
export const percentOf = (fraction: number, lang: Lang = 'en'): string => {
  const text = (Math.round(fraction * 10_000) / 100).toFixed(2);
  return `${lang === 'ru' ? text.replace('.', ',') : text}%`;
};

/** The guard range as the server's refusal writes it: 80–98%. */
export const guardRangeText = (): string => `${Math.round(CASE_RTP_GUARD.min * 100)}–${Math.round(CASE_RTP_GUARD.max * 100)}%`;

/** The rows with the tickets left over (or the excess) put on one row, when that leaves it a sound chance. */
export function withRestOn(rows: readonly OddsRow[], id: number): OddsRow[] {
  const draft = draftOf(rows, () => ({ name: '', price: 0 }), 1);
  const index = rows.findIndex((r) => r.id === id);
  const tickets = draft.rows[index]?.tickets;
  if (index < 0 || tickets == null || draft.rows.some((r) => r.tickets === null)) return [...rows];
  const after = tickets + draft.left;
  if (after < 1 || after > TICKETS) return [...rows];
  return rows.map((r) => (r.id === id ? { ...r, chance: chanceTextOf(after) } : r));
}

/** The openings a simulation plays, as typed: a whole number from 1 to the server's limit (spaces ignored), or null. */
export function openingsOf(text: string, max: number): number | null {
  const t = text.replace(/\s+/g, '');
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= max ? n : null;
}
