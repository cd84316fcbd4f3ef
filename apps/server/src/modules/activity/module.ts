import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';

/** The activity stream (decision 013): its one runner reads the stream for every module's consumer. */
export function activityModule(deps: Deps): StoreModule {
  return { jobs: [deps.activity] };
}
