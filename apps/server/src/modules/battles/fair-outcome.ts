import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { battleOutcome } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import { expandRounds } from '@store/shared/battle';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findOddsVersions } from '../catalogue/find-cases.ts';
import { presentOddsRanges } from '../catalogue/present-odds.ts';
import { loadBattle } from './load-battles.ts';
import type { OutcomeLine } from '../provably-fair/outcome-summary.ts';
import { battleSeats, battles } from './schema.ts';

/**
 * A battle's revealed rounds with everything that verifies them: the battle's own seeds (the
 * server seed once it ended), each drop's ticket at nonce = round and cursor = seat, and the odds
 * tables the rounds used. Null before it started (no client seed yet).
 */
export async function findBattleOutcome(db: Executor, catalogue: Catalogue, lang: Lang, ulid: string): Promise<z.infer<typeof battleOutcome> | null> {
  let loaded;
  try {
    loaded = await loadBattle(db, ulid);
  } catch (err) {
    if (err instanceof AppError && err.code === 'battle_not_found') return null;
    throw err;
  }
  const { battle: b, seats, drops } = loaded;
  if (b.clientSeed === null) return null;
  const creator = seats.find((s) => s.userId !== null);
  const slugs = expandRounds(b.cases).map((c) => c.slug);
  const odds = await findOddsVersions(db, drops.map((d) => d.oddsId));
  const rounds = [...new Set(drops.map((d) => d.round))].sort((x, y) => x - y);
  return {
    kind: 'battle',
    id: b.ulid,
    battle_ulid: b.ulid,
    created_at: b.createdAt.toISOString(),
    player: { id: creator?.userId ?? 0, nickname: creator?.nickname ?? '' },
    seed: { server_seed_hash: b.serverSeedHash, server_seed: b.status === 'finished' ? b.serverSeed : null, client_seed: b.clientSeed, nonce: 0 },
    rolls: drops.map((d) => ({ nonce: d.round, cursor: d.seat, ticket: d.ticket })),
    rounds: rounds.map((round) => {
      const list = drops.filter((d) => d.round === round);
      return {
        round,
        case_slug: slugs[round - 1] ?? '',
        odds_id: list[0]!.oddsId,
        drops: list.map((d) => ({ seat: d.seat, ticket: d.ticket, item: catalogue.present(catalogue.item(d.itemKey), lang, d.itemPrice) })),
      };
    }),
    odds: Object.fromEntries(
      [...odds.values()].map((o) => [String(o.id), presentOddsRanges(o.ranges, catalogue, lang)]),
    ),
  };
}

/** The battles the player sat in that started, newest first, as outcome lines. */
export async function battleOutcomeLines(db: Executor, lang: Lang, userId: number, limit: number): Promise<{ lines: OutcomeLine[]; total: number }> {
  const where = and(eq(battleSeats.userId, userId), isNotNull(battles.clientSeed));
  const [found, [total]] = await Promise.all([
    db
      .select({ ulid: battles.ulid, createdAt: battles.createdAt, rounds: battles.roundCount, status: battles.status })
      .from(battleSeats)
      .innerJoin(battles, eq(battles.id, battleSeats.battleId))
      .where(where)
      .orderBy(desc(battles.id))
      .limit(limit),
    db.select({ n: count() }).from(battleSeats).innerJoin(battles, eq(battles.id, battleSeats.battleId)).where(where),
  ]);
  const title = (rounds: number) => (lang === 'en' ? `Battle, ${rounds} ${rounds === 1 ? 'round' : 'rounds'}` : `Батл, раундов: ${rounds}`);
  return {
    lines: found.map((b) => ({ kind: 'battle', id: b.ulid, createdAt: b.createdAt, title: title(b.rounds), nonce: 0, seedPairId: null, revealed: b.status === 'finished' })),
    total: total!.n,
  };
}
