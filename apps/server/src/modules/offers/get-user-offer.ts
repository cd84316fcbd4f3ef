import { and, eq, isNull } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { OfferWire } from '@store/shared/api/payments';
import type { Db } from '../../db/client.ts';
import { offers } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { presentOffers } from './list-offers.ts';
import { isOfferOnSale } from './present-offer.ts';

/** One offer on sale (the shop's or the secret shop's) by id or name, as the player sees it. */
export async function getUserOffer(opts: { db: Db; catalogue: Catalogue; userId: number; x: string; lang: Lang }): Promise<OfferWire> {
  const { db, x } = opts;
  const byId = /^\d{1,9}$/.test(x);
  const rows = await db
    .select()
    .from(offers)
    .where(and(byId ? eq(offers.id, Number(x)) : eq(offers.name, x), isNull(offers.triggerType)));
  const offer = rows[0];
  if (!offer || !isOfferOnSale(offer)) throw new AppError('offer_not_found');
  const [wire] = await presentOffers({ ...opts, rows: [offer] });
  return wire!;
}
