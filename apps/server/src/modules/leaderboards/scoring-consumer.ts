import { sql } from 'drizzle-orm';
import { LEADERBOARD_SCORING, LEADERBOARD_TYPES } from '@store/shared/leaderboards';
import type { Db, Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { measureSql, rulesTable, type RuleRow } from '../activity/progression-sql.ts';
import { batchAfterPosition, consumedUntil, movePosition, type ActivityConsumer } from '../activity/consumer-runner.ts';

export const SCORING_CONSUMER = 'leaderboards';

/** The shared scoring table as rows (board type, kind, measure), bound as parameters. */
export const SCORING_RULES: readonly RuleRow[] = LEADERBOARD_TYPES.flatMap((type) =>
  LEADERBOARD_SCORING[type].kinds.map((kind) => ({ target: type, kind, measure: LEADERBOARD_SCORING[type].measure })),
);

/** What the row `b` adds to a board under its rule `r` (no rule: nothing), as `scoreOf` says. */
export const MEASURE = measureSql(sql`r.measure`);

/**
 * Leaderboard scores as a reader of the activity stream (decision 016), one statement a batch like
 * experience: it takes the consumer's position (`for update skip locked`), reads the rows after
 * it, adds to each running board the rows of its period (by the activity's own time, so a late
 * reader still counts a game played before the end) by the board's scoring rule, and moves the
 * position, all committing together. `onChanged` hears which boards moved, after the commit.
 */
export function scoringConsumer(onChanged: (boardIds: number[]) => void = () => undefined): ActivityConsumer {
  return {
    name: SCORING_CONSUMER,
    batchSize: 1000,
    // Standings a quarter of a second behind are still live to a person; the games pay for four
    // statements a second, and a player's games of that moment become one write per board.
    everyMs: 250,
    async consume(db: Db, limit: number): Promise<number> {
      const [done] = await rows<{ n: number | string; boards: number[] | null }>(
        db,
        sql`with ${batchAfterPosition(SCORING_CONSUMER, ['user_id', 'kind', 'amount', 'won', 'count', 'created_at'], limit)}, ${rulesTable(SCORING_RULES)}, s as (
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
            ), ${movePosition(SCORING_CONSUMER)}
            select (select count(*) from b) + 0 * (select count(*) from moved) as n,
                   (select array_agg(distinct leaderboard_id) from up) as boards`,
      );
      const boards = (done?.boards ?? []).map(Number);
      if (boards.length) onChanged(boards);
      return Number(done?.n ?? 0);
    },
  };
}

/**
 * Whether the scoring consumer has counted every activity made before `endsAt`: a board is frozen
 * only then, so a game played in its last second is never left out of its final standings.
 */
export const scoredUntil = (db: Executor, endsAt: Date): Promise<boolean> => consumedUntil(db, SCORING_CONSUMER, endsAt);
