import type { Db } from './db/client.ts';
import type { ProjectConfig } from './config/projects.ts';
import { Catalogue } from './modules/catalogue/catalogue.ts';
import { seedCatalogue } from './modules/catalogue/seed-catalogue.ts';
import { seedOffers } from './modules/offers/seed-offers.ts';
import { seedPromoCodes } from './modules/payments/seed-promo-codes.ts';
import { seedLeaderboards } from './modules/leaderboards/seed-leaderboards.ts';
import { seedEvent } from './modules/events/seed-event.ts';

/**
 * Everything a store starts with, in one step that `npm start`, the data-folder preparation and
 * the tests' template database share: the project's catalogue, then what is built from it (the
 * demo offers and promo codes, the weekly and season leaderboards, the season's event). Each part leaves what is already there alone, so running it on
 * every start keeps operators' changes and players' purchases.
 */
export async function seedStore(db: Db, project: ProjectConfig, imageSource: 'generated' | 'remote' = 'generated'): Promise<Catalogue> {
  await seedCatalogue(db, project.project);
  const catalogue = new Catalogue(new Map(project.rarities.map((r) => [r.name, r.color])), imageSource);
  await catalogue.load(db);
  await seedOffers(db, project.project);
  await seedPromoCodes({ db, catalogue });
  await seedLeaderboards(db, catalogue, new Date());
  await seedEvent(db, catalogue, project.project);
  return catalogue;
}
