import { and, eq, sql } from 'drizzle-orm';
import { MISSION_DONE } from '@store/shared/account';
import { kindsOfMission, MISSION_MEASURES, type StreamMissionType } from '@store/shared/progression';
import type { Executor } from '../../db/client.ts';
import type { ActivityConsumer } from '../activity/consumer-runner.ts';
import { oneStatementConsumer } from '../activity/one-statement-consumer.ts';
import { measureSql, rulesTable, type RuleRow } from '../activity/progression-sql.ts';
import { missionProgress } from './schema.ts';

const NAME = 'missions';

/** The shared table's missions as rows (mission type, kind, measure), bound as parameters. */
export const MISSION_RULES: readonly RuleRow[] = (Object.keys(MISSION_MEASURES) as StreamMissionType[]).flatMap((type) =>
  kindsOfMission(type).map((kind) => ({ target: type, kind, measure: MISSION_MEASURES[type] })),
);

/**
 * The missions' reader of the activity stream (decision 013): each mission the shared table feeds
 * (the opening mission: each case a player opens) counts once, whichever process reads it, capped
 * at done. One statement per batch (`oneStatementConsumer`): it measures each player's rows in the
 * batch by the missions' rules and adds them to the progress, committing with the position. A new
 * consumer starts at the stream's beginning, so openings made before it existed count too.
 */
export const missionsConsumer: ActivityConsumer = oneStatementConsumer({
  name: NAME,
  batchSize: 1000,
  // A mission a second behind the game is still "right after" to the player.
  everyMs: 1000,
  columns: ['userId', 'kind', 'amount', 'won', 'count'],
  steps: sql`${rulesTable(MISSION_RULES)}, g as (
      select b.user_id, r.target as type, sum(${measureSql(sql`r.measure`)}) as step
        from b join r on r.kind = b.kind group by b.user_id, r.target
    ), up as (
      insert into mission_progress as p (user_id, type, progress)
      select user_id, type, least(step, ${MISSION_DONE}) from g
      on conflict (user_id, type) do update set
        progress = least(p.progress + excluded.progress, ${MISSION_DONE}), updated_at = now()
    )`,
});

/** A mission's progress as the stream has counted it so far (0 before the first step). */
export async function streamedProgress(db: Executor, userId: number, type: string): Promise<number> {
  const [row] = await db
    .select({ progress: missionProgress.progress })
    .from(missionProgress)
    .where(and(eq(missionProgress.userId, userId), eq(missionProgress.type, type)));
  return row?.progress ?? 0;
}
