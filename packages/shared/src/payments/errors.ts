/**
 * Error codes of payments, promo codes and offers, in the shape of `errorCatalogue` (errors.ts)
 * so the server spreads them into it when it wires issue 5. Codes are never renamed: the web
 * keys its texts on them.
 */
import type { AmountError } from './bonus.ts';
import type { FieldError } from './validators.ts';
import type { PromoError } from './promo.ts';

interface ErrorDef {
  status: number;
  ru: string;
  en: string;
}

export const paymentErrorCatalogue = {
  promo_not_found: { status: 404, ru: 'Промокод не найден', en: 'Promo code not found' },
  promo_expired: { status: 410, ru: 'Срок действия промокода истёк', en: 'This promo code has expired' },
  promo_exhausted: { status: 409, ru: 'Промокод закончился', en: 'This promo code has run out' },
  promo_user_limit: { status: 409, ru: 'Вы уже использовали этот промокод', en: 'You have already used this promo code' },
  amount_invalid: { status: 422, ru: 'Введите сумму', en: 'Enter an amount' },
  amount_too_low: { status: 422, ru: 'Минимальная сумма — {min}', en: 'The minimum amount is {min}' },
  amount_too_high: { status: 422, ru: 'Максимальная сумма — {max}', en: 'The maximum amount is {max}' },
  payment_country_invalid: { status: 400, ru: 'Укажите страну', en: 'Choose a country' },
  payment_method_not_found: { status: 404, ru: 'Способ оплаты недоступен', en: 'This payment method is not available' },
  payment_fields_invalid: { status: 422, ru: 'Проверьте данные для оплаты', en: 'Please check your payment details' },
  payment_order_not_found: { status: 404, ru: 'Платёж не найден', en: 'Payment not found' },
  payment_start_failed: { status: 502, ru: 'Ошибка при запуске оплаты', en: 'Error while starting payment' },
  /** A provider callback the server refused (forged, stale, unknown order, other amount or currency); `params.reason` says which. */
  payment_callback_refused: { status: 400, ru: 'Уведомление об оплате отклонено', en: 'Payment notification refused' },
  offer_not_found: { status: 404, ru: 'Предложение не найдено', en: 'Offer not found' },
  offer_sold_out: { status: 409, ru: 'Предложение закончилось', en: 'This offer is sold out' },
  offer_already_bought: { status: 409, ru: 'Вы уже купили это предложение', en: 'You have already bought this offer' },
} as const satisfies Record<PromoError | AmountError, ErrorDef> & Record<string, ErrorDef>;

export type PaymentErrorCode = keyof typeof paymentErrorCatalogue;

/** Texts of the extra-field errors (validators.ts), for the web's `refill.errors` namespace. */
export const fieldErrorTexts = {
  fieldRequired: { ru: 'Заполните поле', en: 'Fill in this field' },
  emailInvalid: { ru: 'Неверный e-mail', en: 'Invalid e-mail' },
  phoneInvalid: { ru: 'Неверный номер телефона', en: 'Invalid phone number' },
  docNumberInvalid: { ru: 'Только цифры, запятые и дефисы', en: 'Digits, commas and hyphens only' },
  nameInvalid: { ru: 'Только буквы', en: 'Letters only' },
  optionInvalid: { ru: 'Выберите вариант из списка', en: 'Choose an option from the list' },
  fieldTooLong: { ru: 'Слишком длинное значение', en: 'The value is too long' },
} as const satisfies Record<FieldError, { ru: string; en: string }>;
