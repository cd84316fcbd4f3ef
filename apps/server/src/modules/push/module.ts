import type { StoreModule } from '../../platform/store-module.ts';
import type { PushSender } from './push-port.ts';
import { pushRoutes } from './routes.ts';

/** Push notifications: subscriptions and the push missions, sent through `push` (the real service or its sandbox). */
export function pushModule({ push }: { push: PushSender }): StoreModule & { sender: PushSender } {
  return { routes: (scope) => pushRoutes(scope, { push }), sender: push };
}
