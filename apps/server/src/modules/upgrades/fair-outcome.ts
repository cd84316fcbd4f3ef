import { eq } from 'drizzle-orm';
import type { upgradeOutcome } from '@store/shared/api/provably-fair';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { singleRollOutcome } from '../provably-fair/outcome-base.ts';
import { presentUpgradeRoll } from './present-upgrade.ts';
import { newestOfPlayer, type OutcomeLine } from '../provably-fair/outcome-summary.ts';
import { upgrades } from './schema.ts';

/** One upgrade with everything that verifies it: the roll, the chance and direction that decide it, the result. */
export async function findUpgradeOutcome(db: Executor, catalogue: Catalogue, lang: Lang, id: number): Promise<z.infer<typeof upgradeOutcome> | null> {
  const [row] = await db.select().from(upgrades).where(eq(upgrades.id, id));
  if (!row) return null;
  const roll = presentUpgradeRoll(row);
  return {
    kind: 'upgrade',
    ...(await singleRollOutcome(db, row)),
    stake: toUnits(row.stake),
    target: catalogue.present(catalogue.item(row.targetKey), lang, row.targetPrice),
    chance: roll.chance,
    reversed: row.reversed,
    win_from: roll.win_from,
    win_to: roll.win_to,
    success: row.success,
  };
}

/** The player's newest upgrades as outcome lines, titled by their target. */
export async function upgradeOutcomeLines(db: Executor, catalogue: Catalogue, lang: Lang, userId: number, limit: number): Promise<{ lines: OutcomeLine[]; total: number }> {
  const { found, total } = await newestOfPlayer(
    db,
    { table: upgrades, userId: upgrades.userId, id: upgrades.id },
    { id: upgrades.id, createdAt: upgrades.createdAt, nonce: upgrades.nonce, seedPairId: upgrades.seedPairId, targetKey: upgrades.targetKey },
    userId,
    limit,
  );
  return {
    lines: found.map((u) => ({ kind: 'upgrade', id: String(u.id), createdAt: u.createdAt, title: catalogue.present(catalogue.item(u.targetKey), lang).name, nonce: u.nonce, seedPairId: u.seedPairId })),
    total,
  };
}
