import { sql } from 'drizzle-orm';
import { DAILY_CASE_COOLDOWN_MS } from '@store/shared/levels';
import type { Lang } from '@store/shared/errors';
import type { Db, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import type { CaseRow } from '../catalogue/find-cases.ts';
import { recordActivity } from '../activity/record-activity.ts';
import { openForFree, type OpenCaseResult } from '../cases/open-case.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { depositRuleMet, findReadyAt, lockReason, type DepositRule } from './level-cases.ts';
import { findPlayerLevel } from './player-levels.ts';

/** "05:07:09" for a wait in seconds: what the refusal tells a player who came back too soon. */
export const formatWait = (seconds: number): string =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/**
 * Opens a level case for free, once per DAILY_CASE_COOLDOWN_MS per player and case, in one
 * transaction: the level, the operator's lock and the deposit rule are checked, the day is taken
 * by a conditional upsert of the player's claim (of any number of simultaneous openings exactly
 * one moves `ready_at` and rolls; the others find it in the future), then the case is rolled like
 * any opening. Times come from the store's clock, so a restart neither resets nor skips a timer.
 */
export async function openDailyCase(opts: {
  db: Db;
  catalogue: Catalogue;
  userId: number;
  caseRow: CaseRow;
  lang: Lang;
  now: Date;
  rule: DepositRule;
  idempotencyKey?: IdempotencyKey;
}): Promise<OpenCaseResult> {
  const { db, userId, caseRow } = opts;
  const { value, replayed } = await runOnce(db, { userId, key: opts.idempotencyKey, route: `daily:${caseRow.slug}` }, (tx) => openOnce(tx, opts));
  return { ...value, replayed, free: true };
}

async function openOnce(
  tx: Tx,
  { catalogue, userId, caseRow: c, lang, now, rule }: { catalogue: Catalogue; userId: number; caseRow: CaseRow; lang: Lang; now: Date; rule: DepositRule },
): Promise<Omit<OpenCaseResult, 'replayed' | 'free'>> {
  const player = await findPlayerLevel(tx, userId);
  const reason = lockReason(c, player.level, depositRuleMet(rule, player, now), rule);
  if (reason === 'flag') throw new AppError('case_not_available');
  if (reason === 'level') throw new AppError('case_level_locked', { level: c.level });
  if (reason === 'deposit') throw new AppError('daily_case_deposit_required', { level: rule.fromLevel, days: rule.days });

  const readyAt = new Date(now.getTime() + DAILY_CASE_COOLDOWN_MS);
  const claimed = await rows<{ opens: number }>(
    tx,
    sql`insert into daily_case_claims (user_id, case_id, opened_at, ready_at, opens)
        values (${userId}, ${c.id}, ${now.toISOString()}::timestamptz, ${readyAt.toISOString()}::timestamptz, 1)
        on conflict (user_id, case_id) do update
          set opened_at = excluded.opened_at, ready_at = excluded.ready_at, opens = daily_case_claims.opens + 1, reminded_at = null
          where daily_case_claims.ready_at <= excluded.opened_at
        returning opens`,
  );
  if (!claimed.length) {
    const until = await findReadyAt(tx, userId, c.id);
    const wait = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 1;
    throw new AppError('daily_case_not_ready', { time: formatWait(wait), ready_in: wait });
  }
  const ref = `daily_case:${c.id}:${userId}:${claimed[0]!.opens}`;
  const opened = await openForFree(tx, { catalogue, userId, slug: c.slug, ref, lang });
  await recordActivity(tx, { kind: 'daily_case', userId, won: opened.drops.reduce((s, d) => s + d.itemPrice, 0), caseId: c.id, ref });
  return opened;
}
