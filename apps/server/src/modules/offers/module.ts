import type { Deps } from '../../deps.ts';
import type { StoreModule } from '../../platform/store-module.ts';
import { fireTriggers } from './fire-triggers.ts';
import { casesOnOffer } from './list-offers.ts';
import { offerRoutes } from './routes.ts';

/** Offers: the case shelves mark the cases on offer, and a paid opening may fire a trigger offer. */
export function offersModule(deps: Deps): StoreModule {
  const { db } = deps;
  deps.caseShelves.registerOnOffer((db) => casesOnOffer(db));
  // A trigger is an extra of an opening, not part of it: a failure is logged and the open stands.
  // A free opening spent nothing, so it is no moment to offer a deal on a low balance.
  deps.caseEvents.onOpened(async ({ userId, balance, paid }) => (paid ? fireTriggers({ db, userId, balance }) : undefined));
  return { routes: offerRoutes };
}
