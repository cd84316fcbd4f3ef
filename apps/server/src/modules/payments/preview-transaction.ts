import type { TransactionPreviewResponse } from '@store/shared/api/payments';
import { instantPromoCredit, refillFigures } from '@store/shared/payments/bonus';
import type { CountryPaymentConfig } from '@store/shared/payments/countries';
import { normalizePromoCode, type PromoTerms } from '@store/shared/payments/promo';
import { refillPreviewToWire } from '@store/shared/payments/wire';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { attachedPromoCode, checkPromoFor } from './promo-store.ts';
import { checkOrder, type DepositBonusSettings } from './start-transaction.ts';

/**
 * GET /transaction/preview: what a start with these inputs would credit once paid, computed by
 * refillFigures as the credit is. Nothing is written. The code counted is the one the start would
 * use: a given code (refused as the start would refuse it), and for the deposit's percent a
 * percent code given now or else the one the player applied earlier.
 */
export async function previewTransaction(opts: {
  db: Db;
  userId: number;
  country: CountryPaymentConfig | null;
  body: { method_id: number; amount: number; promo_code?: string | null };
  bonus: DepositBonusSettings;
  minSumChanged?: boolean;
  now?: Date;
}): Promise<TransactionPreviewResponse> {
  const { db, userId } = opts;
  const now = opts.now ?? new Date();
  const { country, amountMinor, siteAmountMinor, bonusInputs } = checkOrder(opts);
  const given = normalizePromoCode(opts.body.promo_code);
  let named: { code: string; terms: PromoTerms } | null = null;
  if (given) {
    const verdict = await checkPromoFor(db, { code: given, userId, now });
    if (!verdict.ok) throw new AppError(verdict.error);
    named = { code: given, terms: verdict.record.terms };
  }
  // A percent code given now replaces the applied one; an instant or case code leaves it in place.
  let deposit = named && (named.terms.kind === 'common' || named.terms.kind === 'blogger') ? named : null;
  if (!deposit) {
    const attached = await attachedPromoCode(db, userId);
    const verdict = attached ? await checkPromoFor(db, { code: attached, userId, now }) : null;
    if (attached && verdict?.ok && verdict.record.terms.kind !== 'instant') deposit = { code: attached, terms: verdict.record.terms };
  }
  const figures = refillFigures({
    depositMinor: siteAmountMinor,
    bonusLevel: bonusInputs.bonusLevel,
    methodBonusPercent: bonusInputs.methodBonusPercent,
    promo: deposit?.terms ?? null,
    coinsFactor: bonusInputs.coinsFactor,
    instantMinor: named ? (instantPromoCredit(named.terms)?.amountMinor ?? 0) : 0,
  });
  return refillPreviewToWire({ amountMinor, currency: country.currency.code, figures, promo: named ?? deposit });
}
