import { expect } from 'vitest';
import { awardSeat, resolveBattle, rollBattleTicket, type BattleOutcome } from '@store/shared/battle';
import { pickByTicket } from '@store/shared/odds';
import { hashServerSeed } from '@store/shared/provably-fair';

type GetJson = (url: string) => Promise<any>;

/**
 * Recomputes every round of a finished battle from its revealed seeds and the published odds,
 * as a player could, and checks the winner, the tie-break and where each drop went.
 */
export async function verifyBattle(b: any, getJson: GetJson): Promise<BattleOutcome> {
  expect(b.status).toBe('finished');
  expect(hashServerSeed(b.fair.server_seed)).toBe(b.fair.server_seed_hash);
  const odds = new Map<string, { item: string; from: number; to: number }[]>();
  for (const slug of new Set<string>(b.round_cases)) {
    const detail = await getJson(`/api/v1/cases/${slug}`);
    odds.set(slug, detail.data.drops.map((d: any) => ({ item: d.id, from: d.ticket_from, to: d.ticket_to })));
  }
  expect(b.rounds).toHaveLength(b.total_rounds);
  for (const round of b.rounds) {
    expect(round.case_slug).toBe(b.round_cases[round.round - 1]);
    expect(round.drops.map((d: any) => d.seat)).toEqual(Array.from({ length: b.seats_count }, (_, i) => i + 1));
    for (const d of round.drops) {
      const ticket = rollBattleTicket({ serverSeed: b.fair.server_seed, clientSeed: b.fair.client_seed, round: round.round, seat: d.seat });
      expect(d.ticket).toBe(ticket);
      expect(d.item.id).toBe(pickByTicket(odds.get(round.case_slug)!, ticket).item);
    }
  }
  const drops = b.rounds.flatMap((r: any) => r.drops.map((d: any) => ({ round: r.round, seat: d.seat, price: Math.round(d.item.price * 100) })));
  const outcome = resolveBattle({ mode: b.mode, serverSeed: b.fair.server_seed, clientSeed: b.fair.client_seed, rounds: b.total_rounds, drops });
  expect(b.winner_team).toBe(outcome.winnerTeam);
  expect(b.fair.tie_break?.ticket ?? null).toBe(outcome.tieBreak?.ticket ?? null);
  for (const r of b.rounds) for (const d of r.drops) expect(d.to_seat).toBe(awardSeat(b.mode, outcome.winnerTeam, d.seat));
  return outcome;
}
