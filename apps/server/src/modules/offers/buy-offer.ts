import { and, eq, sql } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { OfferBuyResponse } from '@store/shared/api/payments';
import { toMinor, toUnits } from '@store/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { offerPurchases, offers } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { deliverBundle } from './deliver-bundle.ts';
import { isOfferOnSale } from './present-offer.ts';

/**
 * Buys a shop or secret-shop offer in one transaction under the Idempotency-Key: the purchase
 * row (unique per player and offer → `offer_already_bought`), the conditional take of one from
 * the stock (`offer_sold_out`), then `deliverBundle` (debit, cases opened, bonuses). A refusal
 * throws before commit, so nothing changes. `expectedPrice` is the price the player confirmed:
 * the debit is of the offer row read here, so an operator's change after the player looked is
 * refused (`offer_price_changed`) rather than charged.
 */
export async function buyOffer(opts: {
  db: Db;
  catalogue: Catalogue;
  userId: number;
  offerId: number;
  lang: Lang;
  expectedPrice?: number;
  idempotencyKey?: IdempotencyKey;
}): Promise<{ response: OfferBuyResponse; replayed: boolean }> {
  const { value, replayed } = await runOnce(opts.db, { userId: opts.userId, key: opts.idempotencyKey, route: `offer:${opts.offerId}` }, (tx) => buyOnce(tx, opts));
  return { response: value, replayed };
}

async function buyOnce(
  tx: Tx,
  { catalogue, userId, offerId, lang, expectedPrice }: { catalogue: Catalogue; userId: number; offerId: number; lang: Lang; expectedPrice?: number },
): Promise<OfferBuyResponse> {
  // FOR UPDATE: an operator's price change waits for this purchase, so the price checked is the price debited.
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
  if (!offer || offer.triggerType !== null || !isOfferOnSale(offer)) throw new AppError('offer_not_found');
  if (expectedPrice !== undefined && toMinor(expectedPrice) !== offer.price) throw new AppError('offer_price_changed');

  const [purchase] = await tx
    .insert(offerPurchases)
    .values({ userId, offerId, price: offer.price })
    .onConflictDoNothing()
    .returning({ id: offerPurchases.id });
  if (!purchase) throw new AppError('offer_already_bought');

  const taken = await tx
    .update(offers)
    .set({ sold: sql`${offers.sold} + 1` })
    .where(and(eq(offers.id, offerId), sql`(${offers.totalLimit} = 0 or ${offers.sold} < ${offers.totalLimit})`))
    .returning({ id: offers.id });
  if (!taken.length) throw new AppError('offer_sold_out');

  const delivered = await deliverBundle(tx, { catalogue, userId, offer, ref: `offer:${purchase.id}`, reason: 'offer_buy', lang });
  return {
    offer_id: offer.id,
    balance: toUnits(delivered.balance),
    coin_balance: toUnits(delivered.coinBalance),
    cases: offer.cases.map((c) => ({ slug: c.slug, count: c.count })),
    items: delivered.items,
  };
}
