import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { caseOutcome } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import { EVENT_COINS_CURSOR } from '@store/shared/events';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCasesByIds, findOddsVersions } from '../catalogue/find-cases.ts';
import { presentOddsRanges } from '../catalogue/present-odds.ts';
import { revealedServerSeeds } from '../provably-fair/seeds.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { newestOfPlayer, type OutcomeLine } from '../provably-fair/outcome-summary.ts';
import { caseOpens } from './schema.ts';

type CaseOutcome = z.infer<typeof caseOutcome>;
type OpenRow = typeof caseOpens.$inferSelect;

/**
 * Case openings with everything that verifies them (decision 021): the roll, the odds version it
 * used with its whole table, the item, and an event case's coins (rolled at cursor 1). The server
 * seed shows once the player rotated the pair away.
 */
async function presentOpenings(db: Executor, catalogue: Catalogue, lang: Lang, found: OpenRow[]): Promise<CaseOutcome[]> {
  const [caseRows, odds, seeds, names] = await Promise.all([
    findCasesByIds(db, found.map((o) => o.caseId)),
    findOddsVersions(db, found.map((o) => o.oddsId)),
    revealedServerSeeds(db, found.map((o) => o.seedPairId)),
    nicknamesOf(db, found.map((o) => o.userId)),
  ]);
  const byId = new Map(caseRows.map((c) => [c.id, c]));
  return found.map((o) => {
    const c = byId.get(o.caseId)!;
    const table = odds.get(o.oddsId)!;
    const coinCase = c.coinsMin !== null && c.coinsMax !== null;
    return {
      kind: 'case' as const,
      id: String(o.id),
      created_at: o.createdAt.toISOString(),
      player: { id: o.userId, nickname: names.get(o.userId) ?? '' },
      seed: { server_seed_hash: o.serverSeedHash, server_seed: seeds.get(o.seedPairId) ?? null, client_seed: o.clientSeed, nonce: o.nonce },
      rolls: [{ nonce: o.nonce, cursor: o.cursor, ticket: o.ticket }],
      case: { id: c.id, slug: c.slug, name: lang === 'en' ? c.nameEn : c.nameRu, image: catalogue.caseImage(c) },
      odds_id: o.oddsId,
      ranges: presentOddsRanges(table.ranges, catalogue, lang),
      item: catalogue.present(catalogue.item(o.itemKey), lang, o.itemPrice),
      coins: coinCase ? { min: c.coinsMin!, max: c.coinsMax!, won: o.coins, cursor: EVENT_COINS_CURSOR } : null,
    };
  });
}

/** One opening by id, or null. */
export async function findCaseOutcome(db: Executor, catalogue: Catalogue, lang: Lang, id: number): Promise<CaseOutcome | null> {
  const found = await db.select().from(caseOpens).where(eq(caseOpens.id, id));
  return found.length ? (await presentOpenings(db, catalogue, lang, found))[0]! : null;
}

/** A player's openings of one case, newest first. */
export async function listCaseOutcomes(db: Executor, catalogue: Catalogue, lang: Lang, o: { userId: number; caseId: number; page: number; perPage: number }) {
  const where: SQL = and(eq(caseOpens.userId, o.userId), eq(caseOpens.caseId, o.caseId))!;
  const [found, [total]] = await Promise.all([
    db.select().from(caseOpens).where(where).orderBy(desc(caseOpens.id)).limit(o.perPage).offset((o.page - 1) * o.perPage),
    db.select({ n: count() }).from(caseOpens).where(where),
  ]);
  return { items: await presentOpenings(db, catalogue, lang, found), total: total!.n };
}

/** The player's newest openings as outcome lines (the provably-fair check page lists them). */
export async function caseOutcomeLines(db: Executor, lang: Lang, userId: number, limit: number): Promise<{ lines: OutcomeLine[]; total: number }> {
  const { found, total } = await newestOfPlayer(
    db,
    { table: caseOpens, userId: caseOpens.userId, id: caseOpens.id },
    { id: caseOpens.id, createdAt: caseOpens.createdAt, nonce: caseOpens.nonce, seedPairId: caseOpens.seedPairId, caseId: caseOpens.caseId },
    userId,
    limit,
  );
  const names = new Map((await findCasesByIds(db, found.map((o) => o.caseId))).map((c) => [c.id, lang === 'en' ? c.nameEn : c.nameRu]));
  return {
    lines: found.map((o) => ({ kind: 'case', id: String(o.id), createdAt: o.createdAt, title: names.get(o.caseId) ?? '', nonce: o.nonce, seedPairId: o.seedPairId })),
    total,
  };
}
