import { desc, eq } from 'drizzle-orm';
import type { BattleCase, BattleCasesResponse } from '@store/shared/api/battles';
import { BATTLE_MAX_ROUNDS } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import type { Executor } from '../../db/client.ts';
import { battles, battleSeats } from './schema.ts';
import { listCatalogueRows } from '../catalogue/find-cases.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { listSections, type CaseShelves } from '../cases/list-sections.ts';
import { isBattleCase } from './create-battle.ts';
import { presentBattleCase } from './present-battle.ts';

const LAST_CASES = 8;

/**
 * The case picker of /battles/create: the sections with only the cases a battle may hold, and the
 * cases of the player's latest battles, newest first.
 */
export async function listBattleCases(opts: { db: Executor; catalogue: Catalogue; lang: Lang; userId: number | null; shelves: CaseShelves }): Promise<BattleCasesResponse> {
  const { db, catalogue, lang } = opts;
  const [sections, rows] = await Promise.all([listSections({ db, catalogue, lang, filters: { battle: true }, shelves: opts.shelves }), listCatalogueRows(db)]);
  const allowed = new Map(rows.cases.filter(isBattleCase).map((c) => [c.id, c]));
  const battleSections = sections.map((s) => ({ ...s, cases: s.cases.filter((c) => allowed.has(c.id)) })).filter((s) => s.cases.length);

  const last: BattleCase[] = [];
  if (opts.userId) {
    const recent = await db
      .select({ cases: battles.cases })
      .from(battleSeats)
      .innerJoin(battles, eq(battles.id, battleSeats.battleId))
      .where(eq(battleSeats.userId, opts.userId))
      .orderBy(desc(battles.id))
      .limit(LAST_CASES);
    const seen = new Set<number>();
    for (const line of recent.flatMap((r) => r.cases)) {
      const c = allowed.get(line.caseId);
      if (!c || seen.has(c.id) || last.length >= LAST_CASES) continue;
      seen.add(c.id);
      last.push(presentBattleCase(c, c.price, lang, catalogue));
    }
  }
  return { sections: battleSections, last_cases: last, max_rounds: BATTLE_MAX_ROUNDS };
}
