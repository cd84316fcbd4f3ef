import { EVENT_COINS_EVENT, userChannel } from '@store/shared/channels';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { languagesOf } from '../users/accounts.ts';
import { EventCloser } from './close-events.ts';
import { isEventOn, pick } from './events.ts';
import { eventRoutes } from './routes.ts';
import { tasksConsumer, type CompletedTask } from './task-consumer.ts';

/**
 * The seasonal event (decision 017): the case shelves show its shelves while it is on; its tasks
 * are a reader of the activity stream that tells each player of a completed task; the close job
 * draws an ended event's raffle and grants its prizes.
 */
export function eventsModule(deps: Deps): StoreModule & { closer: EventCloser } {
  const { db, bus, clock, seasons, log } = deps;

  /** Tells each player whose task completed, on their private channel, in their language. */
  async function announceTasks(done: readonly CompletedTask[]) {
    try {
      const langs = await languagesOf(
        db,
        done.map((d) => d.userId),
      );
      for (const d of done) {
        const lang: Lang = langs.get(d.userId) ?? 'ru';
        bus.publish(userChannel(d.userId), EVENT_COINS_EVENT, {
          task_id: d.task.id,
          description: pick({ ru: d.task.descriptionRu, en: d.task.descriptionEn }, lang),
          reward: { money: toUnits(d.task.rewardMoney), coins: Math.floor(d.task.rewardCoins / 100), cases: [] },
          coin_balance: toUnits(d.coinBalance),
          balance: toUnits(d.balance),
        });
      }
    } catch (err) {
      log.warn({ err }, 'a completed task was not announced');
    }
  }

  deps.caseShelves.registerEventOn(isEventOn);
  deps.activity.register(tasksConsumer({ onCompleted: (done) => void announceTasks(done) }));
  const closer = new EventCloser({ db, clock, log, onGranted: () => seasons.invalidate() });
  return { routes: eventRoutes, jobs: [closer], closer };
}
