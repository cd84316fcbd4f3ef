import { and, asc, inArray, sql } from 'drizzle-orm';
import { passProgress } from '@store/shared/battle-pass';
import { COIN_CURRENCY } from '@store/shared/constants';
import { taskProgressAfter, taskStep, type TaskType } from '@store/shared/events';
import type { Executor, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { ActivityConsumer, ActivityRow } from '../activity/consumer-runner.ts';
import { findCasesByIds } from '../catalogue/find-cases.ts';
import { grantFreeOpening } from '../levels/free-openings.ts';
import { creditWallet } from '../wallet/wallet.ts';
import { listRunningEvents, tasksOfEvents, type TaskRow } from './events.ts';
import { wholeCoins } from './pass.ts';
import { eventPassLevels, eventPlayers } from './schema.ts';

export const TASKS_CONSUMER = 'event_tasks';

/** A task a batch completed and paid, for the player's live notice after the commit. */
export interface CompletedTask {
  task: TaskRow;
  userId: number;
  coinBalance: number;
  balance: number;
}

/**
 * Battle-pass tasks as a reader of the activity stream (decision 017). In the transaction that
 * moves the consumer's position it adds each game of a running event's period to the player's
 * tasks (by `taskStep`, capped at the target), and pays a task's reward the moment it completes:
 * coins and money to the wallets with their ledger rows, a case as a free opening. A task counts
 * only once its level is shown (levels up to the one being worked on, spec §4). A game is
 * counted once because the position moves with what it wrote; a rolled-back game never reaches
 * the stream. Only this consumer writes task progress, and one process at a time holds it.
 */
export function tasksConsumer(deps: { onCompleted?: (done: CompletedTask[]) => void } = {}): ActivityConsumer {
  // An event's tasks and thresholds never change once it is made, nor a case's section while the
  // process runs: each is read once, so a batch costs the games four statements, not seven.
  const definitions = new Map<number, { tasks: TaskRow[]; thresholds: number[] }>();
  const sections = new Map<number, number | null>();
  return {
    name: TASKS_CONSUMER,
    batchSize: 500,
    // A task's progress a second behind the game, as the other readers of the stream.
    everyMs: 1000,
    async handle(tx: Tx, batch: readonly ActivityRow[]) {
      const running = await listRunningEvents(tx);
      if (!running.length) return;
      const unknown = running.map((e) => e.id).filter((id) => !definitions.has(id));
      if (unknown.length) for (const [id, d] of await definitionsOf(tx, unknown)) definitions.set(id, { ...d, tasks: [...d.tasks].sort((a, b) => a.level - b.level) });
      // Each running event with its tasks, kept lowest level first: a row meets only the levels its
      // player can see, so a player on level 3 of 50 costs six tasks' checks, not a hundred (the
      // consumer reads up to a thousand rows a second on a busy store, on the thread that serves
      // the games).
      const byEvent = running
        .map((e) => ({ event: e, tasks: definitions.get(e.id)?.tasks ?? [] }))
        .filter((e) => e.tasks.length > 0);
      if (!byEvent.length) return;
      const users = [...new Set(batch.map((a) => a.userId))];
      const reach = await passLevelsOf(tx, definitions, users);
      const newCases = [...new Set(batch.flatMap((a) => (a.caseId === null || sections.has(a.caseId) ? [] : [a.caseId])))];
      if (newCases.length) {
        const found = new Map((await findCasesByIds(tx, newCases)).map((c) => [c.id, c.sectionId]));
        for (const id of newCases) sections.set(id, found.get(id) ?? null);
      }
      const sectionOf = sections;
      const steps = new Map<string, { task: TaskRow; userId: number; step: number }>();
      for (const a of batch) {
        const sectionId = a.caseId === null ? null : (sectionOf.get(a.caseId) ?? null);
        const activity = { kind: a.kind, amount: a.amount, won: a.won, count: a.count, sectionId };
        for (const { event: e, tasks } of byEvent) {
          if (a.createdAt < e.startsAt || a.createdAt >= e.endsAt) continue;
          // A task counts once its level is shown to the player: up to the level being worked on.
          const shown = reach.get(`${e.id}:${a.userId}`) ?? 1;
          for (const task of tasks) {
            if (task.level > shown) break;
            const step = taskStep(task.type as TaskType, task.sectionIds, activity);
            if (step <= 0) continue;
            const key = `${task.id}:${a.userId}`;
            const seen = steps.get(key);
            if (seen) seen.step += step;
            else steps.set(key, { task, userId: a.userId, step });
          }
        }
      }
      if (!steps.size) return;
      const moved = [...steps.values()];
      const before = await progressOf(
        tx,
        moved.map((m) => [m.task.id, m.userId]),
      );
      const writes = moved
        .map((m) => {
          const was = before.get(`${m.task.id}:${m.userId}`);
          if (was?.completed) return null;
          const progress = taskProgressAfter(was?.progress ?? 0, m.step, m.task.target);
          return { ...m, progress, completes: progress >= m.task.target };
        })
        .filter((w) => w !== null);
      if (!writes.length) return;
      await tx.execute(
        sql`insert into event_task_progress as p (task_id, user_id, progress, completed_at)
            select t, u, g, case when c then now() end
              from unnest(${sql.param(writes.map((w) => w.task.id))}::int[], ${sql.param(writes.map((w) => w.userId))}::int[],
                          ${sql.param(writes.map((w) => w.progress))}::bigint[], ${sql.param(writes.map((w) => w.completes))}::boolean[]) as x(t, u, g, c)
            on conflict (task_id, user_id) do update set progress = excluded.progress, completed_at = excluded.completed_at
             where p.completed_at is null`,
      );
      const done: CompletedTask[] = [];
      for (const w of writes.filter((x) => x.completes)) done.push(await payTask(tx, w.task, w.userId));
      if (done.length && deps.onCompleted) return () => deps.onCompleted!(done);
    },
  };
}

/** The tasks and level thresholds of events, by event id. */
async function definitionsOf(db: Executor, eventIds: readonly number[]): Promise<Map<number, { tasks: TaskRow[]; thresholds: number[] }>> {
  const [tasks, levels] = await Promise.all([
    tasksOfEvents(db, eventIds),
    db
      .select({ eventId: eventPassLevels.eventId, threshold: eventPassLevels.threshold })
      .from(eventPassLevels)
      .where(inArray(eventPassLevels.eventId, [...eventIds]))
      .orderBy(asc(eventPassLevels.level)),
  ]);
  return new Map(
    eventIds.map((id) => [id, { tasks: tasks.filter((t) => t.eventId === id), thresholds: levels.filter((l) => l.eventId === id).map((l) => l.threshold) }]),
  );
}

/**
 * The level each player is working towards in each event (the pass's `current`, or past the last
 * level once all are reached), from the coins earned so far.
 */
async function passLevelsOf(db: Executor, events: ReadonlyMap<number, { thresholds: number[] }>, userIds: readonly number[]): Promise<Map<string, number>> {
  const players = await db
    .select({ eventId: eventPlayers.eventId, userId: eventPlayers.userId, earned: eventPlayers.coinsEarned })
    .from(eventPlayers)
    .where(and(inArray(eventPlayers.eventId, [...events.keys()]), inArray(eventPlayers.userId, [...userIds])));
  return new Map(
    players.map((p) => {
      const t = events.get(p.eventId)?.thresholds ?? [];
      return [`${p.eventId}:${p.userId}`, passProgress(wholeCoins(p.earned), t).current ?? t.length + 1];
    }),
  );
}

async function progressOf(db: Executor, pairs: readonly (readonly [number, number])[]): Promise<Map<string, { progress: number; completed: boolean }>> {
  const found = await rows<{ task_id: number; user_id: number; progress: number | string; completed: boolean }>(
    db,
    sql`select p.task_id, p.user_id, p.progress, p.completed_at is not null as completed
          from event_task_progress p
          join unnest(${sql.param(pairs.map((p) => p[0]))}::int[], ${sql.param(pairs.map((p) => p[1]))}::int[]) as x(t, u)
            on p.task_id = x.t and p.user_id = x.u`,
  );
  return new Map(found.map((r) => [`${r.task_id}:${r.user_id}`, { progress: Number(r.progress), completed: r.completed }]));
}

/** A completed task's reward, in the consumer's transaction; its ref names the task and player. */
async function payTask(tx: Tx, task: TaskRow, userId: number): Promise<CompletedTask> {
  const ref = `event_task:${task.id}:${userId}`;
  const meta = { event: task.eventId, level: task.level };
  const coinBalance = await creditWallet({ tx, userId, amount: task.rewardCoins, currency: COIN_CURRENCY, reason: 'event_task', ref, meta });
  const balance = await creditWallet({ tx, userId, amount: task.rewardMoney, reason: 'event_task', ref, meta });
  if (task.rewardCaseId !== null) await grantFreeOpening(tx, { userId, caseId: task.rewardCaseId, source: 'battle_pass', sourceRef: ref, expiresAt: null });
  return { task, userId, coinBalance, balance };
}
