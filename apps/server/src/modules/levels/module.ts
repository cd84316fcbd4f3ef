import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { findCaseBySlug } from '../catalogue/find-cases.ts';
import { DailyReminders } from './daily-reminders.ts';
import { experienceConsumer, storeLevels } from './experience-consumer.ts';
import { depositRuleOf } from './level-cases.ts';
import { SandboxNotifier, type Notifier } from './notifier.ts';
import { openDailyCase } from './open-daily-case.ts';
import { levelRoutes } from './routes.ts';

/**
 * Levels (decision 015): experience is a reader of the activity stream; a level case is a case
 * the store gives, opened at the case's own address through the cases module; the reminders job
 * tells players their daily case is ready through the notifier it is given (the notifications
 * module's). Stored levels follow the current curve from the start.
 */
export async function levelsModule(deps: Deps, { notifier }: { notifier?: Notifier } = {}): Promise<StoreModule & { reminders: DailyReminders }> {
  const { db, catalogue, clock, log } = deps;
  const rule = depositRuleOf(deps.env);
  await storeLevels(db);
  deps.activity.register(experienceConsumer);
  // A level case is never sold: opening it at the case's own address opens it free, once a day, one at a time.
  deps.givenCases.register(async ({ userId, slug, count, lang, idempotencyKey }) => {
    if (count !== 1) throw new AppError('validation', { fields: ['multi_open'] });
    const caseRow = await findCaseBySlug(db, slug);
    if (!caseRow) throw new AppError('caseNotFound');
    return openDailyCase({ db, catalogue, userId, caseRow, lang, now: clock.now(), rule, idempotencyKey });
  });
  const reminders = new DailyReminders({ db, clock, notifier: notifier ?? new SandboxNotifier(db), log });
  return { routes: levelRoutes, jobs: [reminders], reminders };
}
