import type { TechiesGame } from '@store/shared/api/techies';
import { toUnits } from '@store/shared/money';
import { safeCells, techiesMultiplier } from '@store/shared/techies';
import type { TechiesRow } from './schema.ts';

/** The cash-out multiplier a game stands at: what was paid once over, what cashing out would pay while in play. */
export function gameMultiplier(g: Pick<TechiesRow, 'minesCount' | 'rtp' | 'opened' | 'state'>): number {
  return g.state === 'lost' ? 0 : techiesMultiplier(g.minesCount, g.opened.length, g.rtp / 10_000);
}

/** A game as the player sees it: the layout only once it is over. */
export function presentTechiesGame(g: TechiesRow, balance: number): TechiesGame {
  const over = g.state !== 'playing';
  const canOpenMore = !over && g.opened.length < safeCells(g.minesCount);
  return {
    id: g.id,
    state: g.state as TechiesGame['state'],
    stake: toUnits(g.stake),
    mines_count: g.minesCount,
    opened: g.opened,
    hit: g.hit,
    mines: over ? g.mines : null,
    multiplier: gameMultiplier(g),
    next_multiplier: canOpenMore ? techiesMultiplier(g.minesCount, g.opened.length + 1, g.rtp / 10_000) : null,
    payout: g.payout === null ? null : toUnits(g.payout),
    balance: toUnits(balance),
    roll: { server_seed_hash: g.serverSeedHash, client_seed: g.clientSeed, nonce: g.nonce },
    created_at: g.createdAt.toISOString(),
    finished_at: g.finishedAt ? g.finishedAt.toISOString() : null,
  };
}
