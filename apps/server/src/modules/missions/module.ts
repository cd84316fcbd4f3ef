import type { StoreModule } from '../../platform/store-module.ts';
import type { Deps } from '../../deps.ts';
import type { CommunityChecker } from './community-checker.ts';
import { missionsConsumer } from './progress-consumer.ts';
import { missionRoutes } from './routes.ts';
import { sandboxCommunityRoutes } from './sandbox/community-routes.ts';

/**
 * Missions: the quick missions' progress is a reader of the activity stream; the community
 * missions ask the networks through `community`. Without real networks the store serves their
 * sandbox itself, reached with `sandboxKey`.
 */
export function missionsModule(
  deps: Deps,
  { community, sandboxKey }: { community: CommunityChecker; sandboxKey: string | null },
): StoreModule {
  deps.activity.register(missionsConsumer);
  const { env } = deps;
  return {
    routes: async (scope) => {
      await missionRoutes(scope, { community });
      if (sandboxKey !== null) {
        await sandboxCommunityRoutes(scope, { steamKey: () => sandboxKey, vkToken: () => sandboxKey, steamGroupId: env.STEAM_GROUP_ID, vkGroupId: env.VK_GROUP_ID });
      }
    },
  };
}
