import type { SandboxName } from '@store/shared/api/platform';
import type { Database } from '../db/client.ts';
import type { Deps } from '../deps.ts';
import type { BackgroundJob, StoreModule } from '../platform/store-module.ts';
import { registerHub } from '../realtime/hub.ts';
import { adminRoutes } from '../admin/routes.ts';
import { activityModule } from '../modules/activity/module.ts';
import { analyticsModule } from '../modules/analytics/module.ts';
import { authModule } from '../modules/auth/module.ts';
import { battlesModule } from '../modules/battles/module.ts';
import { casesModule } from '../modules/cases/module.ts';
import { catalogueModule } from '../modules/catalogue/module.ts';
import { contentModule } from '../modules/content/module.ts';
import { contractsModule } from '../modules/contracts/module.ts';
import { eventsModule } from '../modules/events/module.ts';
import { inventoryModule } from '../modules/inventory/module.ts';
import { leaderboardsModule } from '../modules/leaderboards/module.ts';
import { levelsModule } from '../modules/levels/module.ts';
import { liveModule } from '../modules/live/module.ts';
import { mailModule } from '../modules/mail/module.ts';
import { depositReceipts } from '../modules/payments/deposit-receipts.ts';
import { missionsModule } from '../modules/missions/module.ts';
import { notificationsModule } from '../modules/notifications/module.ts';
import { offersModule } from '../modules/offers/module.ts';
import { operatorsModule } from '../modules/operators/module.ts';
import { paymentsModule } from '../modules/payments/module.ts';
import { platformModule } from '../modules/platform/module.ts';
import { pricingModule } from '../modules/pricing/module.ts';
import { provablyFairModule } from '../modules/provably-fair/module.ts';
import { pushModule } from '../modules/push/module.ts';
import { pwaModule } from '../modules/pwa/module.ts';
import { seoModule } from '../modules/seo/module.ts';
import { techiesModule } from '../modules/techies/module.ts';
import { upgradesModule } from '../modules/upgrades/module.ts';
import { withdrawalsModule } from '../modules/withdrawals/module.ts';
import { accountRoutes } from './account-routes.ts';
import type { OutsideServices } from './outside-services.ts';
import { userRoutes } from './player-routes.ts';
import { sharedSecret, type SharedParts } from './shared-parts.ts';
import { storeAddress } from '../config/deployment.ts';

/** What the module list needs beside `Deps`: the parts that only one module uses. */
export interface ModuleParts {
  shared: SharedParts;
  outside: OutsideServices;
  database: Database;
  sandboxes: readonly SandboxName[];
  adminToken: string | null;
}

/**
 * The store: every module, in the order their routes are registered. Each one's `module.ts`
 * builds what it runs and registers with the modules below it; what only one module uses is
 * handed to it here rather than put in `Deps`. The handles some modules return (the jobs the
 * operator command runs by hand) are wired here too.
 */
export async function storeModules(deps: Deps, { shared, outside, database, sandboxes, adminToken }: ModuleParts) {
  const { env } = deps;
  const notifications = notificationsModule(deps, { mailer: outside.mailer, unsubscribeSecret: await sharedSecret(database, 'unsubscribe_secret') });
  const levels = await levelsModule(deps, { notifier: notifications.notifier });
  const leaderboards = leaderboardsModule(deps);
  const events = eventsModule(deps);
  const pricing = pricingModule(deps);
  // Filled once the list exists: the operator command pauses and resumes every module's jobs.
  const jobs: BackgroundJob[] = [];
  // A receipt for each credited top-up, in the mail outbox: payments' letter, mail's delivery.
  deps.activity.register(depositReceipts(outside.mailer, { site: deps.project.title, base: storeAddress(env) }));
  const modules = {
    realtime: { routes: (scope) => registerHub(scope, deps.hub) } satisfies StoreModule,
    activity: activityModule(deps),
    auth: authModule,
    players: { routes: (scope) => userRoutes(scope, { realtimeSecret: shared.realtimeSecret }) } satisfies StoreModule,
    account: { routes: (scope) => accountRoutes(scope, { mailer: outside.mailer }) } satisfies StoreModule,
    mail: mailModule({ outbox: outside.mailer }),
    notifications,
    missions: missionsModule(deps, { community: outside.community, sandboxKey: outside.communitySandboxKey }),
    push: pushModule({ push: outside.push }),
    pwa: pwaModule,
    cases: casesModule(deps),
    inventory: inventoryModule,
    live: liveModule,
    upgrades: upgradesModule(deps),
    contracts: contractsModule(deps),
    payments: paymentsModule({ experiments: outside.experiments }),
    offers: offersModule(deps),
    battles: battlesModule(deps),
    levels,
    leaderboards,
    events,
    withdrawals: withdrawalsModule(deps, { sandboxKey: env.VENDOR_PROVIDER.includes('sandbox') ? shared.vendorKey : null }),
    techies: techiesModule(deps),
    provablyFair: provablyFairModule,
    analytics: analyticsModule(deps, { sandbox: outside.analyticsSandbox }),
    platform: platformModule({ sandboxes, metrics: deps.metrics, redis: shared.redis }),
    content: contentModule,
    seo: seoModule,
    catalogue: catalogueModule,
    pricing,
    admin: {
      routes: (scope) =>
        adminRoutes(scope, {
          token: adminToken,
          jobs: () => jobs,
          reminders: levels.reminders,
          closer: leaderboards.closer,
          eventCloser: events.closer,
          push: outside.push,
          backup: database.backup?.bind(database),
        }),
    } satisfies StoreModule,
    operators: operatorsModule({ prices: pricing.console }),
  };
  jobs.push(...jobsOf(modules));
  return modules;
}

export type StoreModules = Awaited<ReturnType<typeof storeModules>>;

/** Every module's background jobs, for the app's start and close and the operator command. */
export const jobsOf = (modules: Record<string, StoreModule>): BackgroundJob[] => Object.values(modules).flatMap((m) => m.jobs ?? []);
