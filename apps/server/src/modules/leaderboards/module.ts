import { TOP_CHANGED_EVENT, TOP_CHANNEL_PATTERN, topChannel } from '@store/shared/channels';
import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { changeAnnouncer, closerAnnouncements } from './announcements.ts';
import { LeaderboardCloser } from './close-boards.ts';
import { leaderboardRoutes } from './routes.ts';
import { scoringConsumer } from './scoring-consumer.ts';
import { StandingsCache } from './standings-cache.ts';

/**
 * Leaderboards (decision 016): scores are a reader of the activity stream whose changes drop the
 * shared standings and tell the board's watchers; the close job freezes ended boards and pays
 * their prizes.
 */
export function leaderboardsModule(deps: Deps): StoreModule & { closer: LeaderboardCloser; standings: StandingsCache } {
  const { db, replica, bus, catalogue, clock, log } = deps;
  const standings = new StandingsCache(db, replica);
  const announcer = changeAnnouncer((id) => bus.publish(topChannel(id), TOP_CHANGED_EVENT, { id }));
  // Another process's scoring or close: its announcement drops this process's snapshot too.
  const stopListening = bus.listen((msg) => {
    if (msg.event === TOP_CHANGED_EVENT && TOP_CHANNEL_PATTERN.test(msg.channel)) standings.invalidate(Number(msg.channel.slice(4)));
  });
  deps.activity.register(
    scoringConsumer((ids) => {
      for (const id of ids) standings.invalidate(id);
      announcer.changed(ids);
    }),
  );
  const closer = new LeaderboardCloser({ db, catalogue, clock, log, ...closerAnnouncements({ db, bus, catalogue, standings }) });
  return {
    routes: (scope) => leaderboardRoutes(scope, { standings }),
    jobs: [closer],
    close: async () => {
      announcer.close();
      stopListening();
    },
    closer,
    standings,
  };
}
