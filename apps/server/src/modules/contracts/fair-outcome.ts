import { eq } from 'drizzle-orm';
import type { contractFairOutcome } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { singleRollOutcome } from '../provably-fair/outcome-base.ts';
import { newestOfPlayer, type OutcomeLine } from '../provably-fair/outcome-summary.ts';
import { contracts } from './schema.ts';

/** One contract with everything that verifies it: the roll and the outcome table it was signed with. */
export async function findContractOutcome(db: Executor, catalogue: Catalogue, lang: Lang, id: number): Promise<z.infer<typeof contractFairOutcome> | null> {
  const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (!row) return null;
  return {
    kind: 'contract',
    ...(await singleRollOutcome(db, row)),
    stake: toUnits(row.stake),
    outcomes: row.outcomes.map((o) => ({ item: catalogue.present(catalogue.item(o.key), lang, o.price), from: o.from, to: o.to })),
    item: catalogue.present(catalogue.item(row.itemKey), lang, row.itemPrice),
  };
}

/** The player's newest contracts as outcome lines, titled by the item they gave. */
export async function contractOutcomeLines(db: Executor, catalogue: Catalogue, lang: Lang, userId: number, limit: number): Promise<{ lines: OutcomeLine[]; total: number }> {
  const { found, total } = await newestOfPlayer(
    db,
    { table: contracts, userId: contracts.userId, id: contracts.id },
    { id: contracts.id, createdAt: contracts.createdAt, nonce: contracts.nonce, seedPairId: contracts.seedPairId, itemKey: contracts.itemKey },
    userId,
    limit,
  );
  return {
    lines: found.map((c) => ({ kind: 'contract', id: String(c.id), createdAt: c.createdAt, title: catalogue.present(catalogue.item(c.itemKey), lang).name, nonce: c.nonce, seedPairId: c.seedPairId })),
    total,
  };
}
