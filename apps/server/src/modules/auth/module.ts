import type { StoreModule } from '../../platform/store-module.ts';
import { authRoutes } from './routes.ts';
import { registerSignin } from './signin/setup.ts';

/** Accounts' sessions: sign-in with Steam, Google and VK (or their sandbox), sign-out. */
export const authModule: StoreModule = {
  routes: async (scope) => {
    await authRoutes(scope);
    await registerSignin(scope);
  },
};
