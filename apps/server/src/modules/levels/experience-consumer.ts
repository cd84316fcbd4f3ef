import { sql } from 'drizzle-orm';
import { LEVEL_THRESHOLDS } from '@store/shared/levels';
import { EXP_KINDS, MINOR_PER_EXP } from '@store/shared/progression';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { ActivityConsumer } from '../activity/consumer-runner.ts';
import { oneStatementConsumer } from '../activity/one-statement-consumer.ts';

/**
 * The level an amount of experience reaches, in SQL: how many thresholds of the shared curve it
 * reaches. The curve travels as a parameter, so it is defined once, in packages/shared.
 */
export const levelOfExp = (exp: ReturnType<typeof sql>) =>
  sql`(select count(*) from unnest(${sql.param([...LEVEL_THRESHOLDS])}::bigint[]) as t(at) where t.at <= ${exp})::smallint`;

/**
 * The experience a spend earns, in SQL: `expForSpend` with the shared rate as a parameter
 * (a non-negative bigint divides rounding down). sql-twins.test.ts holds the two equal.
 */
export const expOfSpend = (minor: ReturnType<typeof sql>) => sql`(greatest(${minor}, 0) / ${sql.param(MINOR_PER_EXP)}::bigint)`;

const NAME = 'experience';

/**
 * Experience as a reader of the activity stream (decision 013): each game's row is counted once,
 * whichever process runs it. A game pays nothing for it; the opening's answer reports the same
 * `expForSpend` that is credited here (`expOfSpend`, the kinds and the rate from the shared
 * table). A batch is one statement (`oneStatementConsumer`): it adds each player's experience with
 * the level it reaches and records the first and the last deposit (the level rules read them),
 * committing with the consumer's position.
 */
export const experienceConsumer: ActivityConsumer = oneStatementConsumer({
  name: NAME,
  batchSize: 1000,
  // A second behind is still "right after the game" to a player (the opening's answer already says
  // how much it earned); the games pay for one statement a second, not one each. At a quarter of a
  // second PGlite's openings paid 18 % for it (the bench, docs/performance.md).
  everyMs: 1000,
  columns: ['userId', 'kind', 'amount', 'createdAt'],
  steps: sql`g as (
      select user_id,
             coalesce(sum(${expOfSpend(sql`amount`)}) filter (where kind = any(${sql.param([...EXP_KINDS])}::text[])), 0) as exp,
             (array_agg(amount order by tx_id, id) filter (where kind = 'deposit' and amount > 0))[1] as first_deposit,
             max(created_at) filter (where kind = 'deposit' and amount > 0) as last_deposit_at
        from b group by user_id
    ), up as (
      insert into player_levels as p (user_id, exp, level, first_deposit, last_deposit_at)
      select user_id, exp, ${levelOfExp(sql`g.exp`)}, first_deposit, last_deposit_at from g
       where exp > 0 or last_deposit_at is not null
      on conflict (user_id) do update set
        exp = p.exp + excluded.exp,
        level = ${levelOfExp(sql`p.exp + excluded.exp`)},
        first_deposit = coalesce(p.first_deposit, excluded.first_deposit),
        last_deposit_at = greatest(p.last_deposit_at, excluded.last_deposit_at),
        updated_at = now()
    )`,
});

/**
 * Sets every stored level that differs from what its experience reaches on the current curve: at
 * start, after a migration moved experience in or a release changed the curve.
 */
export async function storeLevels(db: Executor): Promise<void> {
  await rows(db, sql`update player_levels p set level = ${levelOfExp(sql`p.exp`)} where p.level <> ${levelOfExp(sql`p.exp`)}`);
}
