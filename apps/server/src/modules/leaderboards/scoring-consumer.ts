import { sql } from 'drizzle-orm';
import { LEADERBOARD_SCORING, LEADERBOARD_TYPES } from '@store/shared/leaderboards';
import type { Executor } from '../../db/client.ts';
import { measureSql, rulesTable, type RuleRow } from '../activity/progression-sql.ts';
import { consumedUntil, type ActivityConsumer } from '../activity/consumer-runner.ts';
import { oneStatementConsumer } from '../activity/one-statement-consumer.ts';

export const SCORING_CONSUMER = 'leaderboards';

/** The shared scoring table as rows (board type, kind, measure), bound as parameters. */
export const SCORING_RULES: readonly RuleRow[] = LEADERBOARD_TYPES.flatMap((type) =>
  LEADERBOARD_SCORING[type].kinds.map((kind) => ({ target: type, kind, measure: LEADERBOARD_SCORING[type].measure })),
);

/** What the row `b` adds to a board under its rule `r` (no rule: nothing), as `scoreOf` says. */
export const MEASURE = measureSql(sql`r.measure`);

/**
 * Leaderboard scores as a reader of the activity stream (decision 016), one statement a batch
 * (`oneStatementConsumer`) like experience: it adds to each running board the rows of its period
 * (by the activity's own time, so a late reader still counts a game played before the end) by the
 * board's scoring rule, committing with the position. `onChanged` hears which boards moved, after
 * the commit.
 */
export function scoringConsumer(onChanged: (boardIds: number[]) => void = () => undefined): ActivityConsumer {
  return oneStatementConsumer({
    name: SCORING_CONSUMER,
    batchSize: 1000,
    // Standings a second behind are still live to a person; the games pay for one statement a
    // second, and a player's games of that second become one write per board.
    everyMs: 1000,
    columns: ['userId', 'kind', 'amount', 'won', 'count', 'createdAt'],
    steps: sql`${rulesTable(SCORING_RULES)}, s as (
        select l.id as board_id, b.user_id,
               coalesce(sum(${MEASURE}), 0) as score,
               max(b.id) filter (where ${MEASURE} > 0) as reached_id,
               coalesce(sum(b.amount) filter (where b.kind = any(${sql.param([...LEADERBOARD_SCORING.spent.kinds])}::text[])), 0) as spent,
               coalesce(sum(b.won) filter (where b.kind = any(${sql.param([...LEADERBOARD_SCORING.won.kinds])}::text[])), 0) as won
          from b
          join leaderboards l on l.status = 'running' and b.created_at >= l.starts_at and b.created_at < l.ends_at
          left join r on r.target = l.type and r.kind = b.kind
         group by l.id, b.user_id
      ), up as (
        insert into leaderboard_entries as e (leaderboard_id, user_id, score, spent, won, reached_id)
        select board_id, user_id, score, greatest(spent, 0), greatest(won, 0), coalesce(reached_id, 0) from s
         where score > 0 or spent > 0 or won > 0
        on conflict (leaderboard_id, user_id) do update set
          score = e.score + excluded.score,
          spent = e.spent + excluded.spent,
          won = e.won + excluded.won,
          reached_id = case when excluded.score > 0 then excluded.reached_id else e.reached_id end,
          updated_at = now()
        returning leaderboard_id
      )`,
    report: sql`(select array_agg(distinct leaderboard_id) from up)`,
    after: (boards: (number | string)[] | null) => {
      if (boards?.length) onChanged(boards.map(Number));
    },
  });
}

/**
 * Whether the scoring consumer has counted every activity made before `endsAt`: a board is frozen
 * only then, so a game played in its last second is never left out of its final standings.
 */
export const scoredUntil = (db: Executor, endsAt: Date): Promise<boolean> => consumedUntil(db, SCORING_CONSUMER, endsAt);
