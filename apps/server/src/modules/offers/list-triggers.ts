import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { InnerOfferWire } from '@store/shared/api/payments';
import type { Db } from '../../db/client.ts';
import { offers, userTriggers } from './schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { loadOfferCases, presentInnerOffer } from './present-offer.ts';

/** The player's fired triggers still open (not bought, dismissed or expired), newest first. */
export async function listTriggers(opts: { db: Db; catalogue: Catalogue; userId: number; lang: Lang }): Promise<InnerOfferWire[]> {
  const { db, catalogue, userId, lang } = opts;
  const rows = await db
    .select({ trigger: userTriggers, offer: offers })
    .from(userTriggers)
    .innerJoin(offers, eq(offers.id, userTriggers.offerId))
    .where(and(eq(userTriggers.userId, userId), isNull(userTriggers.closedAt), gt(userTriggers.expiresAt, new Date())))
    .orderBy(desc(userTriggers.firedAt), desc(userTriggers.id));
  const bySlug = await loadOfferCases(db, rows.map((r) => r.offer));
  return rows.map((r) => presentInnerOffer(r.trigger, r.offer, { bySlug, catalogue, lang }));
}
