import { eq, sql } from 'drizzle-orm';
import { expForSpend, levelFromExp } from '@store/shared/levels';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { ActivityConsumer, ActivityRow } from '../activity/consumer-runner.ts';
import { playerLevels } from './schema.ts';

/** The games whose spending earns experience: every game, by the one rule of `expForSpend`. */
export const EXPERIENCE_KINDS: ReadonlySet<string> = new Set(['case_open', 'offer_purchase', 'upgrade', 'contract', 'battle_finished']);

interface Gain {
  exp: number;
  firstDeposit: number | null;
  lastDepositAt: Date | null;
}

/** What a batch of the stream adds to each player: experience, and the deposits the level rules read. */
export function gainsOf(batch: readonly ActivityRow[]): Map<number, Gain> {
  const gains = new Map<number, Gain>();
  for (const a of batch) {
    const g = gains.get(a.userId) ?? { exp: 0, firstDeposit: null, lastDepositAt: null };
    if (EXPERIENCE_KINDS.has(a.kind)) g.exp += expForSpend(a.amount);
    if (a.kind === 'deposit' && a.amount > 0) {
      g.firstDeposit ??= a.amount;
      if (!g.lastDepositAt || a.createdAt > g.lastDepositAt) g.lastDepositAt = a.createdAt;
    }
    gains.set(a.userId, g);
  }
  return gains;
}

/**
 * Experience as a reader of the activity stream (decision 013): each game's row is counted once,
 * in the transaction that moves the consumer's position, whichever process runs it. A game pays
 * nothing for it; the opening's answer reports the same `expForSpend` the consumer will credit.
 */
export const experienceConsumer: ActivityConsumer = {
  name: 'experience',
  batchSize: 500,
  async handle(tx, batch) {
    const gains = [...gainsOf(batch)].filter(([, g]) => g.exp > 0 || g.lastDepositAt);
    if (!gains.length) return;
    const after = await tx
      .insert(playerLevels)
      .values(gains.map(([userId, g]) => ({ userId, exp: g.exp, firstDeposit: g.firstDeposit, lastDepositAt: g.lastDepositAt })))
      .onConflictDoUpdate({
        target: playerLevels.userId,
        set: {
          exp: sql`${playerLevels.exp} + excluded.exp`,
          firstDeposit: sql`coalesce(${playerLevels.firstDeposit}, excluded.first_deposit)`,
          lastDepositAt: sql`greatest(${playerLevels.lastDepositAt}, excluded.last_deposit_at)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ userId: playerLevels.userId, exp: playerLevels.exp, level: playerLevels.level });
    await storeLevels(tx, after);
  },
};

/** Keeps each player's stored level equal to levelFromExp of their experience (only the changed ones are written). */
export async function storeLevels(tx: Executor, players: readonly { userId: number; exp: number; level: number }[]): Promise<void> {
  const changed = players.map((p) => ({ ...p, next: levelFromExp(p.exp).level })).filter((p) => p.next !== p.level);
  if (!changed.length) return;
  await rows(
    tx,
    sql`update player_levels p set level = v.level
          from (values ${sql.join(changed.map((c) => sql`(${c.userId}::int, ${c.next}::smallint)`), sql`, `)}) v(user_id, level)
         where p.user_id = v.user_id`,
  );
}

/** Levels of experience moved in by a migration (stored as 0) are computed once at start. */
export async function storeMissingLevels(db: Executor): Promise<void> {
  const missing = await db.select({ userId: playerLevels.userId, exp: playerLevels.exp, level: playerLevels.level }).from(playerLevels).where(eq(playerLevels.level, 0));
  await storeLevels(db, missing);
}
