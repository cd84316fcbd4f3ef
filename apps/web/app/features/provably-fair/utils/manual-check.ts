import { pickByTicket, type TicketRange } from '@store/shared/odds';
import { minesFromTickets, TECHIES_MAX_MINES, TECHIES_MIN_MINES } from '@store/shared/techies';
import { isUpgradeWin } from '@store/shared/upgrade';
import { rollTicketWebCrypto, sha256HexWebCrypto } from './roll-ticket-webcrypto.ts';
import type { Shown } from './verify-outcome.ts';

/** What a pasted roll is mapped to: the ticket alone, a case's odds table, an upgrade's chance, a techies field. */
export type ManualGame = 'ticket' | 'case' | 'upgrade' | 'techies';
export const MANUAL_GAMES: readonly ManualGame[] = ['ticket', 'case', 'upgrade', 'techies'];

export interface ManualInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  cursor: number;
  game: ManualGame;
  /** case: the odds version's id. */
  oddsId: number;
  /** upgrade: percent with 3 decimals, and the reversed wheel. */
  chance: number;
  reversed: boolean;
  /** techies: the mine count; one roll per mine, cursors 0..mines−1. */
  mines: number;
}

export interface ManualResult {
  hash: string;
  tickets: { cursor: number; ticket: number }[];
  result: Shown;
}

/** Reads the form's text fields; null when a number is not a whole number in range (or a seed is empty). */
export function parseManual(f: Record<keyof ManualInput, string>): ManualInput | null {
  const int = (v: string, min: number, max: number) => (/^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max ? Number(v) : null);
  const nonce = int(f.nonce, 0, Number.MAX_SAFE_INTEGER);
  const cursor = int(f.cursor, 0, 1_000_000);
  const game = f.game as ManualGame;
  if (!f.serverSeed.trim() || !f.clientSeed.trim() || nonce === null || cursor === null || !MANUAL_GAMES.includes(game)) return null;
  const oddsId = game === 'case' ? int(f.oddsId, 1, 2 ** 31 - 1) : 0;
  const chance = game === 'upgrade' ? Number(f.chance.replace(',', '.')) : 0;
  const mines = game === 'techies' ? int(f.mines, TECHIES_MIN_MINES, TECHIES_MAX_MINES) : 0;
  if (oddsId === null || mines === null || !(chance >= 0 && chance <= 100)) return null;
  return {
    serverSeed: f.serverSeed.trim(),
    clientSeed: f.clientSeed.trim(),
    nonce,
    cursor,
    game,
    oddsId,
    chance,
    reversed: f.reversed === 'true',
    mines,
  };
}

/** The tickets of a pasted roll and what they give in the chosen game (a case needs its odds table). */
export async function computeManual(input: ManualInput, ranges: readonly TicketRange<{ name: string }>[] | null): Promise<ManualResult> {
  const { serverSeed, clientSeed, nonce } = input;
  const cursors = input.game === 'techies' ? Array.from({ length: input.mines }, (_, i) => i) : [input.cursor];
  const [hash, tickets] = await Promise.all([
    sha256HexWebCrypto(serverSeed),
    Promise.all(cursors.map((cursor) => rollTicketWebCrypto({ serverSeed, clientSeed, nonce, cursor }))),
  ]);
  const first = tickets[0]!;
  let result: Shown = null;
  if (input.game === 'case' && ranges?.length) result = { item: pickByTicket(ranges, first).item.name };
  if (input.game === 'upgrade') result = { won: isUpgradeWin(first, input.chance, input.reversed) };
  if (input.game === 'techies') result = { text: minesFromTickets(tickets).join(', ') };
  return { hash, tickets: cursors.map((cursor, i) => ({ cursor, ticket: tickets[i]! })), result };
}
