import type { FairOutcome, OutcomeKind } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { FairGames } from './fair-games.ts';
import type { OutcomeLine } from './outcome-summary.ts';
import { revealedServerSeeds } from './seeds.ts';

/** The deepest a player pages through the merged list: each game is read up to page × size lines. */
export const MAX_OUTCOME_LINES = 2_000;

/** One outcome of any game by its id (a battle's ulid), public: a player shares the link. */
export async function findOutcome(games: FairGames, lang: Lang, kind: OutcomeKind, id: string): Promise<FairOutcome> {
  const found = await games.get(kind)?.find(lang, id);
  if (!found) throw new AppError('outcome_not_found');
  return found;
}

/**
 * The player's own outcomes of every game (or one), newest first: each game module lists its
 * newest, and the lists are merged here, so no module reads another's tables.
 */
export async function listMyOutcomes(db: Db, games: FairGames, lang: Lang, o: { userId: number; kind?: OutcomeKind; page: number; perPage: number }) {
  const limit = Math.min(o.page * o.perPage, MAX_OUTCOME_LINES);
  const listed = o.kind ? games.all().filter(([k]) => k === o.kind) : games.all();
  const lists = await Promise.all(listed.map(([, game]) => game.lines(lang, o.userId, limit)));
  const merged: OutcomeLine[] = lists
    .flatMap((l) => l.lines)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice((o.page - 1) * o.perPage, o.page * o.perPage);
  const revealed = await revealedServerSeeds(db, merged.flatMap((l) => (l.seedPairId === null ? [] : [l.seedPairId])));
  return {
    items: merged.map((l) => ({
      kind: l.kind,
      id: l.id,
      created_at: l.createdAt.toISOString(),
      title: l.title,
      nonce: l.nonce,
      revealed: l.seedPairId === null ? Boolean(l.revealed) : revealed.has(l.seedPairId),
    })),
    total: Math.min(
      lists.reduce((n, l) => n + l.total, 0),
      MAX_OUTCOME_LINES,
    ),
    page: o.page,
    per_page: o.perPage,
  };
}
