import { pickContractOutcome } from '@store/shared/contract';
import { coinsFromTicket } from '@store/shared/events';
import { pickByTicket, type TicketRange } from '@store/shared/odds';
import { minesFromTickets } from '@store/shared/techies';
import { isUpgradeWin, upgradeWinRange } from '@store/shared/upgrade';
import type { FairOutcomeData } from '../api/get-outcome.ts';
import { rollTicketWebCrypto, sha256HexWebCrypto } from './roll-ticket-webcrypto.ts';

/** One roll the store made: its ticket as the store stored it and as the browser recomputes it. */
export interface RollCheck {
  nonce: number;
  cursor: number;
  stored: number;
  computed: number;
  ok: boolean;
}

/** What a value on screen is: an item (by name), a number, a list, a won/lost, or nothing. */
export type Shown = { item: string } | { text: string } | { won: boolean } | null;

/** One part of the result: what the store gave beside what the recomputed tickets give. */
export interface ResultCheck {
  what: 'item' | 'coins' | 'win' | 'winRange' | 'mines' | 'drop';
  /** Round and seat of a battle drop. */
  at?: { round: number; seat: number };
  stored: Shown;
  computed: Shown;
  ok: boolean;
}

export interface Verification {
  serverSeed: string;
  /** sha256(server seed) equals the hash the store showed before the play. */
  hashOk: boolean;
  computedHash: string;
  rolls: RollCheck[];
  results: ResultCheck[];
  ok: boolean;
}

type Item = { id: string; name: string };
const item = (i: Item | null | undefined): Shown => (i ? { item: i.name } : null);
const range = (r: { from: number; to: number } | null): Shown => ({ text: r ? `${r.from}–${r.to}` : '—' });

/** The item a ticket lands on in a table, or null when the table has no range for it (a broken table). */
function pickItem<K>(ranges: readonly TicketRange<K>[] | undefined, ticket: number): TicketRange<K> | null {
  if (!ranges?.length) return null;
  try {
    return pickByTicket(ranges, ticket);
  } catch {
    return null;
  }
}

/**
 * Recomputes an outcome from its seeds: every ticket with WebCrypto, then the result with the
 * same shared rule the server used (odds ranges, upgrade range, contract table, mine layout).
 * `serverSeed` is the revealed one, or one the player pasted: its hash is checked too.
 */
export async function verifyOutcome(outcome: FairOutcomeData, serverSeed: string): Promise<Verification> {
  const { clientSeed, serverSeedHash } = outcome.seed;
  const cache = new Map<string, Promise<number>>();
  const ticket = (nonce: number, cursor: number) => {
    const k = `${nonce}:${cursor}`;
    let t = cache.get(k);
    if (!t) cache.set(k, (t = rollTicketWebCrypto({ serverSeed, clientSeed, nonce, cursor })));
    return t;
  };
  const computedHash = await sha256HexWebCrypto(serverSeed);
  const rolls = await Promise.all(
    outcome.rolls.map(async (r) => {
      const computed = await ticket(r.nonce, r.cursor);
      return { nonce: r.nonce, cursor: r.cursor, stored: r.ticket, computed, ok: computed === r.ticket };
    }),
  );
  // The roll a one-roll game used (a multi-open's openings each have their own nonce and cursor).
  const main = { nonce: outcome.rolls[0]?.nonce ?? outcome.seed.nonce, cursor: outcome.rolls[0]?.cursor ?? 0 };
  const results = await resultChecks(outcome, main, ticket);
  const hashOk = computedHash === serverSeedHash.toLowerCase();
  return { serverSeed, hashOk, computedHash, rolls, results, ok: hashOk && rolls.every((r) => r.ok) && results.every((r) => r.ok) };
}

async function resultChecks(
  o: FairOutcomeData,
  { nonce, cursor }: { nonce: number; cursor: number },
  ticket: (nonce: number, cursor: number) => Promise<number>,
): Promise<ResultCheck[]> {
  switch (o.kind) {
    case 'case': {
      const got = pickItem(o.ranges, await ticket(nonce, cursor));
      const checks: ResultCheck[] = [{ what: 'item', stored: item(o.item), computed: item(got?.item), ok: got?.item.id === o.item.id }];
      if (o.coins) {
        const coins = coinsFromTicket(await ticket(nonce, o.coins.cursor), o.coins.min, o.coins.max);
        checks.push({ what: 'coins', stored: { text: String(o.coins.won) }, computed: { text: String(coins) }, ok: coins === o.coins.won });
      }
      return checks;
    }
    case 'upgrade': {
      const won = isUpgradeWin(await ticket(nonce, cursor), o.chance, o.reversed);
      const winRange = upgradeWinRange(o.chance, o.reversed);
      const stored = o.winFrom === null || o.winTo === null ? null : { from: o.winFrom, to: o.winTo };
      return [
        {
          what: 'winRange',
          stored: range(stored),
          computed: range(winRange),
          ok: winRange?.from === stored?.from && winRange?.to === stored?.to,
        },
        { what: 'win', stored: { won: o.success }, computed: { won }, ok: won === o.success },
      ];
    }
    case 'contract': {
      const t = await ticket(nonce, cursor);
      // The shared rule reads only the ranges; the rows keep their item beside them.
      const rows = o.outcomes.map((r) => ({
        key: r.item.id,
        price: r.item.price,
        tickets: r.to - r.from + 1,
        from: r.from,
        to: r.to,
        item: r.item,
      }));
      let got: (typeof rows)[number] | null = null;
      try {
        got = pickContractOutcome(rows, t) as (typeof rows)[number];
      } catch {
        got = null;
      }
      return [{ what: 'item', stored: item(o.item), computed: item(got?.item), ok: got?.item.id === o.item.id }];
    }
    case 'battle': {
      const checks: ResultCheck[] = [];
      for (const round of o.rounds) {
        for (const drop of round.drops) {
          const t = await ticket(round.round, drop.seat);
          const got = pickItem(o.odds[String(round.oddsId)], t);
          checks.push({
            what: 'drop',
            at: { round: round.round, seat: drop.seat },
            stored: item(drop.item),
            computed: item(got?.item),
            ok: got?.item.id === drop.item.id && t === drop.ticket,
          });
        }
      }
      return checks;
    }
    case 'techies': {
      // The layout is published once the game is over; while it is played there is nothing to compare.
      if (!o.mines) return [];
      const tickets = await Promise.all(Array.from({ length: o.minesCount }, (_, cursor) => ticket(nonce, cursor)));
      const mines = minesFromTickets(tickets);
      const stored = [...o.mines].sort((a, b) => a - b);
      return [
        {
          what: 'mines',
          stored: { text: stored.join(', ') },
          computed: { text: mines.join(', ') },
          ok: mines.join(',') === stored.join(','),
        },
      ];
    }
  }
}
