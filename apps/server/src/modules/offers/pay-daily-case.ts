import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Lang } from '@store/shared/errors';
import type { DailyCasePayResponse } from '@store/shared/api/payments';
import { toUnits } from '@store/shared/money';
import type { Db, Tx } from '../../db/client.ts';
import { findCasesByIds } from '../catalogue/find-cases.ts';
import { offers, userTriggers } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { deliverBundle } from './deliver-bundle.ts';
import { DAILY_CASE_TRIGGER } from './fire-triggers.ts';

/**
 * Buys the case an open `daily_case` trigger offers, at the trigger offer's price, in one
 * transaction under the Idempotency-Key: the trigger closes by a conditional update (so it sells
 * once), then `deliverBundle` debits and opens the case. `caseNotFound` for an unknown case,
 * `offer_not_found` when no open trigger offers it, `balance_error` when short; nothing changes
 * on a refusal.
 */
export async function payDailyCase(opts: {
  db: Db;
  catalogue: Catalogue;
  userId: number;
  caseId: number;
  lang: Lang;
  idempotencyKey?: IdempotencyKey;
}): Promise<{ response: DailyCasePayResponse; replayed: boolean }> {
  const { value, replayed } = await runOnce(opts.db, { userId: opts.userId, key: opts.idempotencyKey, route: `dailycasepay:${opts.caseId}` }, (tx) => payOnce(tx, opts));
  return { response: value, replayed };
}

async function payOnce(tx: Tx, { catalogue, userId, caseId, lang }: { catalogue: Catalogue; userId: number; caseId: number; lang: Lang }): Promise<DailyCasePayResponse> {
  const [c] = await findCasesByIds(tx, [caseId]);
  if (!c) throw new AppError('caseNotFound');
  const open = await tx
    .select({ trigger: userTriggers, offer: offers })
    .from(userTriggers)
    .innerJoin(offers, eq(offers.id, userTriggers.offerId))
    .where(
      and(
        eq(userTriggers.userId, userId),
        eq(userTriggers.triggerType, DAILY_CASE_TRIGGER),
        isNull(userTriggers.closedAt),
        gt(userTriggers.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(userTriggers.id));
  const found = open.find((r) => r.offer.cases.some((b) => b.slug === c.slug));
  if (!found) throw new AppError('offer_not_found');

  const closed = await tx
    .update(userTriggers)
    .set({ closedAt: new Date(), closedReason: 'bought' })
    .where(and(eq(userTriggers.id, found.trigger.id), isNull(userTriggers.closedAt)))
    .returning({ id: userTriggers.id });
  if (!closed.length) throw new AppError('offer_not_found');

  const delivered = await deliverBundle(tx, { catalogue, userId, offer: found.offer, ref: `trigger:${found.trigger.id}`, reason: 'daily_case', lang });
  return { success: true, balance: toUnits(delivered.balance), trigger_id: found.trigger.id, items: delivered.items };
}
