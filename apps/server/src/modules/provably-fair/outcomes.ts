import type { FairOutcome, OutcomeKind } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { battleOutcomeLines, findBattleOutcome } from '../battles/fair-outcome.ts';
import { caseOutcomeLines, findCaseOutcome } from '../cases/fair-outcomes.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { contractOutcomeLines, findContractOutcome } from '../contracts/fair-outcome.ts';
import { findTechiesOutcome, techiesOutcomeLines } from '../techies/fair-outcome.ts';
import { findUpgradeOutcome, upgradeOutcomeLines } from '../upgrades/fair-outcome.ts';
import type { OutcomeLine, OutcomeLister } from './outcome-summary.ts';
import { revealedServerSeeds } from './seeds.ts';

/** The deepest a player pages through the merged list: each game is read up to page × size lines. */
export const MAX_OUTCOME_LINES = 2_000;

/** One outcome of any game by its id (a battle's ulid), public: a player shares the link. */
export async function findOutcome(db: Db, catalogue: Catalogue, lang: Lang, kind: OutcomeKind, id: string): Promise<FairOutcome> {
  const numeric = /^\d{1,15}$/.test(id) ? Number(id) : null;
  const found =
    kind === 'battle'
      ? await findBattleOutcome(db, catalogue, lang, id)
      : numeric === null
        ? null
        : kind === 'case'
          ? await findCaseOutcome(db, catalogue, lang, numeric)
          : kind === 'upgrade'
            ? await findUpgradeOutcome(db, catalogue, lang, numeric)
            : kind === 'contract'
              ? await findContractOutcome(db, catalogue, lang, numeric)
              : await findTechiesOutcome(db, numeric);
  if (!found) throw new AppError('outcome_not_found');
  return found;
}

/**
 * The player's own outcomes of every game (or one), newest first: each game module lists its
 * newest, and the lists are merged here, so no module reads another's tables.
 */
export async function listMyOutcomes(db: Db, catalogue: Catalogue, lang: Lang, o: { userId: number; kind?: OutcomeKind; page: number; perPage: number }) {
  const listers: Record<OutcomeKind, OutcomeLister> = {
    case: (u, n) => caseOutcomeLines(db, lang, u, n),
    upgrade: (u, n) => upgradeOutcomeLines(db, catalogue, lang, u, n),
    contract: (u, n) => contractOutcomeLines(db, catalogue, lang, u, n),
    battle: (u, n) => battleOutcomeLines(db, lang, u, n),
    techies: (u, n) => techiesOutcomeLines(db, lang, u, n),
  };
  const limit = Math.min(o.page * o.perPage, MAX_OUTCOME_LINES);
  const kinds = o.kind ? [o.kind] : (Object.keys(listers) as OutcomeKind[]);
  const lists = await Promise.all(kinds.map((k) => listers[k](o.userId, limit)));
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
