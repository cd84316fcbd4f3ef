import { randomBytes } from 'node:crypto';
import { DEFAULT_LOCALE_PREFIX, pathInLang, type LocalePrefix } from '@store/shared/locale-path';
import { eq } from 'drizzle-orm';
import { toUnits } from '@store/shared/money';
import type { TransactionStartBody, TransactionStartResponse } from '@store/shared/api/payments';
import { bonusLevelFor, checkDepositAmount, toSiteMinor } from '@store/shared/payments/bonus';
import { findMethod, methodMin, type CountryPaymentConfig } from '@store/shared/payments/countries';
import { normalizePromoCode } from '@store/shared/payments/promo';
import type { PaymentProvider } from '@store/shared/payments/signature';
import { validateExtraFields } from '@store/shared/payments/validators';
import type { Lang } from '@store/shared/errors';
import type { Db } from '../../db/client.ts';
import { paymentOrders, type OrderBonusInputs } from './schema.ts';
import { AppError } from '../../http/errors.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { applyPromoInTx } from './apply-promo.ts';
import { attachedPromoCode } from './promo-store.ts';
import type { PaymentSettingsDocument } from '@store/shared/payments/settings-document';
import type { PaymentRouting } from './provider.ts';

/** Where the player lands after the checkout: the result page, in the player's language under the store's locale prefix strategy. */
export const resultPath = (orderId: string, lang: Lang, localePrefix: LocalePrefix) =>
  `${pathInLang(lang, '/refill/result', localePrefix)}?orderId=${encodeURIComponent(orderId)}`;

export const newOrderId = () => `ord_${randomBytes(12).toString('base64url')}`;

/**
 * POST /transaction/start: checks the method, amount and extra fields against the country's
 * table, applies a promo code given with the call (as /promo/apply does: a common or blogger
 * code is attached, an instant one pays at once), opens a pending order with everything its
 * credit will need, and asks the provider for the checkout. One transaction under the
 * Idempotency-Key, so a retried start neither opens a second order nor applies a code twice.
 */
export async function startTransaction(opts: {
  db: Db;
  /** The provider, or the routing that picks it by the method (decision 070). */
  provider: PaymentProvider | PaymentRouting;
  userId: number;
  /** The resolved country table (resolveCountry), null when the argument named none. */
  country: CountryPaymentConfig | null;
  body: TransactionStartBody;
  /** The bonus levels and coins factor of the settings in force; the order keeps what they give. */
  bonus: DepositBonusSettings;
  lang: Lang;
  publicUrl?: string;
  /** The deployment's LOCALE_PREFIX, for the address the provider sends the player back to. */
  localePrefix?: LocalePrefix;
  idempotencyKey?: IdempotencyKey;
  /** The player's change-min-sum answer (spec §7; `minSumChangedFor`): which minimum of the method holds. */
  minSumChanged?: boolean;
  now?: Date;
}): Promise<TransactionStartResponse> {
  const { db, userId, body, lang } = opts;
  const { country, method, amountMinor, siteAmountMinor, bonusInputs } = checkOrder(opts);
  const provider = 'providerFor' in opts.provider ? opts.provider.providerFor({ currency: country.currency.code, payMethod: method.payMethod }) : opts.provider;
  // The served tables offer only routed methods; one named anyway is not offered here.
  if (!provider) throw new AppError('payment_method_not_found');
  const fields = validateExtraFields(method.extraFields, body.fields ?? {}, country.country);
  if (!fields.ok) throw new AppError('payment_fields_invalid', { fields: fields.errors });
  const promoCode = normalizePromoCode(body.promo_code);
  const now = opts.now ?? new Date();
  const base = opts.publicUrl?.replace(/\/$/, '') ?? '';

  const { value } = await runOnce(db, { userId, key: opts.idempotencyKey, route: 'payment_start' }, async (tx) => {
    const applied = promoCode ? await applyPromoInTx(tx, { userId, code: promoCode, now }) : null;
    const instantPromoMinor = applied?.record.terms.kind === 'instant' ? applied.creditedMinor : 0;
    const orderId = newOrderId();
    await tx.insert(paymentOrders).values({
      id: orderId,
      userId,
      provider: provider.name,
      country: country.country,
      methodId: method.id,
      payMethod: method.payMethod,
      currency: country.currency.code,
      amountMinor,
      siteAmountMinor,
      bonusInputs: instantPromoMinor > 0 ? { ...bonusInputs, instantPromoMinor } : bonusInputs,
      promoCode: await attachedPromoCode(tx, userId),
      createdAt: now,
    });
    let started;
    try {
      started = await provider.startTransaction({
        orderId,
        amountMinor,
        currency: country.currency.code,
        payMethod: method.payMethod,
        country: country.country,
        userId,
        language: lang,
        fields: fields.values,
        returnUrl: base + resultPath(orderId, lang, opts.localePrefix ?? DEFAULT_LOCALE_PREFIX),
        callbackUrl: `${base}/api/v1/payments/callback/${provider.name}`,
      });
    } catch (err) {
      // The player sees the catalogue text; the provider's own error stays with the order's trail.
      throw Object.assign(new AppError('payment_start_failed'), { cause: err });
    }
    await tx.update(paymentOrders).set({ providerReference: started.providerReference }).where(eq(paymentOrders.id, orderId));
    return {
      order_id: orderId,
      checkout_url: started.checkoutUrl,
      status: 'pending',
      amount: toUnits(amountMinor),
      currency: country.currency.code,
      site_amount: toUnits(siteAmountMinor),
    } satisfies TransactionStartResponse;
  });
  return value;
}

/**
 * The checks a start and its preview share: the country, the method, the sum against the
 * method's limits, and the bonus inputs the deposit's credit will use.
 */
export type DepositBonusSettings = Pick<PaymentSettingsDocument, 'bonusLevels' | 'coinsFactor'>;

export function checkOrder(opts: { country: CountryPaymentConfig | null; body: { method_id: number; amount: number }; bonus: DepositBonusSettings; minSumChanged?: boolean }) {
  const { country, body } = opts;
  if (!country) throw new AppError('payment_country_invalid');
  const method = findMethod(country, body.method_id);
  if (!method) throw new AppError('payment_method_not_found');
  const min = methodMin(method, { minSumChanged: opts.minSumChanged });
  const amount = checkDepositAmount({ amount: body.amount, min, max: method.max });
  if (!amount.ok) throw new AppError(amount.error, { min: amount.min, max: amount.max, currency: country.currency.code });
  const siteAmountMinor = toSiteMinor(amount.amountMinor, country.currency.rate);
  // A sum that buys less than 0.01 GOLD is below any useful minimum.
  if (siteAmountMinor <= 0) throw new AppError('amount_too_low', { min, max: method.max, currency: country.currency.code });
  const bonusInputs: OrderBonusInputs = {
    bonusLevel: bonusLevelFor(opts.bonus.bonusLevels, siteAmountMinor),
    methodBonusPercent: method.bonusPercent,
    coinsFactor: opts.bonus.coinsFactor,
  };
  return { country, method, amountMinor: amount.amountMinor, siteAmountMinor, bonusInputs };
}
