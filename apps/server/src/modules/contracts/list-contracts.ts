import { and, desc, eq, sql } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { ContractsQuery, ContractsResponse } from '@store/shared/api/contracts';
import type { Executor } from '../../db/client.ts';
import { revealedBy } from '../../db/columns.ts';
import { contracts } from './schema.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentContractRecord } from './present-contract.ts';

/**
 * Contract history, newest first: `mine` needs sign-in; `user_id` narrows `all` to one player.
 * Everyone's list leaves out contracts still being signed (`revealMs`); the player's own shows them.
 */
export async function listContracts(opts: { db: Executor; catalogue: Catalogue; lang: Lang; query: ContractsQuery; viewerId: number | null; revealMs: number }): Promise<ContractsResponse> {
  const { db, catalogue, lang, query, viewerId } = opts;
  if (query.scope === 'mine' && !viewerId) throw new AppError('authentication');
  const owner = query.scope === 'mine' ? viewerId : (query.user_id ?? null);
  const where = and(owner ? eq(contracts.userId, owner) : undefined, query.scope === 'mine' ? undefined : revealedBy(contracts.createdAt, opts.revealMs));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(contracts)
      .where(where)
      .orderBy(desc(contracts.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db.select({ n: sql<number>`count(*)::int` }).from(contracts).where(where),
  ]);
  const nicknames = await nicknamesOf(db, rows.map((r) => r.userId));
  return {
    items: rows.map((r) => presentContractRecord(r, nicknames.get(r.userId) ?? '', catalogue, lang)),
    total: Number(totals[0]?.n ?? 0),
    page: query.page,
    per_page: query.per_page,
  };
}
