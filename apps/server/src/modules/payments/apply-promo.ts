import { toUnits } from '@store/shared/money';
import type { PromoApplyResponse } from '@store/shared/api/payments';
import { instantPromoCredit } from '@store/shared/payments/bonus';
import { normalizePromoCode, type PromoRecord } from '@store/shared/payments/promo';
import { promoInfoToWire } from '@store/shared/payments/wire';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { creditWallet, getBalance } from '../wallet/wallet.ts';
import { attachPromo, checkPromoFor, recordPromoUse } from './promo-store.ts';
import { grantPromoOpening } from '../levels/free-openings.ts';

/**
 * Applies a normalised code to a player inside a transaction: an instant code is used up at
 * once and its sum credited through the ledger, a case code gives its free opening at once; a common or blogger code is attached and pays
 * with the next deposit. The code's row is locked while its limits are checked, so the limits
 * hold under concurrent applies.
 */
export async function applyPromoInTx(
  tx: Tx,
  opts: { userId: number; code: string; now: Date },
): Promise<{ record: PromoRecord; creditedMinor: number }> {
  const { userId, code, now } = opts;
  const verdict = await checkPromoFor(tx, { code, userId, now, lock: true });
  if (!verdict.ok) throw new AppError(verdict.error);
  const terms = verdict.record.terms;
  if (terms.kind === 'case') {
    // A free opening of the case, given now; the use is recorded like an instant code's.
    const given = await grantPromoOpening(tx, { userId, code, caseSlug: terms.caseSlug, days: terms.days, now });
    if (!given) throw new AppError('promo_not_found');
    await recordPromoUse(tx, { code, userId, orderId: null, creditedMinor: 0 });
    return { record: verdict.record, creditedMinor: 0 };
  }
  const credit = instantPromoCredit(terms);
  if (credit) {
    await recordPromoUse(tx, { code, userId, orderId: null, creditedMinor: credit.amountMinor });
    await creditWallet({ tx, userId, amount: credit.amountMinor, currency: credit.currency, reason: credit.reason, ref: `promo:${code}` });
    return { record: verdict.record, creditedMinor: credit.amountMinor };
  }
  await attachPromo(tx, userId, code, now);
  return { record: verdict.record, creditedMinor: 0 };
}

/** POST /promo/apply: trims and upper-cases the code (spec §5); a retry with the same Idempotency-Key answers the first result. */
export async function applyPromo(opts: {
  db: Db;
  userId: number;
  code: string;
  idempotencyKey?: IdempotencyKey;
  now?: Date;
}): Promise<PromoApplyResponse> {
  const code = normalizePromoCode(opts.code);
  if (!code) throw new AppError('promo_not_found');
  const { value } = await runOnce(opts.db, { userId: opts.userId, key: opts.idempotencyKey, route: 'promo_apply' }, async (tx) => {
    const applied = await applyPromoInTx(tx, { userId: opts.userId, code, now: opts.now ?? new Date() });
    const balance = await getBalance(tx, opts.userId);
    return {
      promo: promoInfoToWire(applied.record),
      credited: toUnits(applied.creditedMinor),
      balance: toUnits(balance),
    } satisfies PromoApplyResponse;
  });
  return value;
}
