import { isMoneyTask, type TaskType } from '@store/shared/events';
import { Money } from '#app/components/money.tsx';
import type { PassTaskData } from '../api/get-battle-pass.ts';
import { taskPercent } from '../utils/event-view.ts';
import { PassReward } from './pass-reward.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The player's open tasks (already filtered by the shared rule): what to do, how far, what it pays. */
export function PassTasks({ tasks }: { tasks: PassTaskData[] }) {
  const t = useT();
  return (
    <section className="pass-tasks" data-testid="pass-tasks">
      <h2>{t('event.tasks')}</h2>
      {tasks.length ? (
        <ul className="pass-tasks__list">
          {tasks.map((task) => {
            const money = isMoneyTask(task.task.type as TaskType);
            const { current, end } = task.progressData;
            return (
              <li
                key={task.id}
                className="pass-task"
                data-testid="pass-task"
                data-id={task.id}
                data-level={task.level}
                data-progress={`${current}/${end}`}
              >
                <div className="pass-task__main">
                  <span className="pass-task__level">{t('event.level', { level: task.level })}</span>
                  <b className="pass-task__text">{task.description}</b>
                  <div className="pass-task__bar">
                    <span style={{ width: `${taskPercent(task.progressData)}%` }} />
                  </div>
                  <small className="pass-task__count muted" data-testid="pass-task-progress">
                    {money ? (
                      <>
                        <Money value={current} /> / <Money value={end} />
                      </>
                    ) : (
                      `${current} / ${end}`
                    )}
                  </small>
                </div>
                <div className="pass-task__reward">
                  <PassReward reward={task.reward} compact />
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="empty" data-testid="pass-tasks-empty">
          {t('event.noTasks')}
        </p>
      )}
    </section>
  );
}
