import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { OfferWire } from '@store/shared/api/payments';
import type { Db, Executor } from '../../db/client.ts';
import { offerPurchases, offers } from './schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { isOfferOnSale, loadOfferCases, presentOffer, type OfferRow } from './present-offer.ts';

/** Which of these offers the player bought already. */
async function boughtIds(db: Db, userId: number | null, ids: number[]): Promise<Set<number>> {
  if (userId === null || !ids.length) return new Set();
  const rows = await db
    .select({ offerId: offerPurchases.offerId })
    .from(offerPurchases)
    .where(and(eq(offerPurchases.userId, userId), inArray(offerPurchases.offerId, ids)));
  return new Set(rows.map((r) => r.offerId));
}

export async function presentOffers(opts: { db: Db; catalogue: Catalogue; userId: number | null; lang: Lang; rows: OfferRow[] }): Promise<OfferWire[]> {
  const { db, catalogue, userId, lang, rows } = opts;
  const [bySlug, bought] = await Promise.all([loadOfferCases(db, rows), boughtIds(db, userId, rows.map((o) => o.id))]);
  return rows.map((o) => presentOffer(o, { bySlug, catalogue, lang, bought: bought.has(o.id) }));
}

/** The offers shop (or, with `secret`, the secret shop): offers on sale now, in display order. */
export async function listOffers(opts: { db: Db; catalogue: Catalogue; userId: number | null; secret: boolean; lang: Lang }): Promise<OfferWire[]> {
  const rows = await opts.db
    .select()
    .from(offers)
    .where(and(eq(offers.isSecret, opts.secret), isNull(offers.triggerType)))
    .orderBy(asc(offers.sort), asc(offers.id));
  const now = new Date();
  return presentOffers({ ...opts, rows: rows.filter((o) => isOfferOnSale(o, now)) });
}

/**
 * The slugs of the cases bundled in an offer of the (open) shop on sale now: a case card marks
 * them (`is_offer`), as they come cheaper in a bundle. The secret shop's stay secret.
 */
export async function casesOnOffer(db: Executor, now = new Date()): Promise<Set<string>> {
  const rows = await db.select().from(offers).where(and(eq(offers.isSecret, false), isNull(offers.triggerType)));
  return new Set(rows.filter((o) => isOfferOnSale(o, now)).flatMap((o) => o.cases.map((c) => c.slug)));
}
