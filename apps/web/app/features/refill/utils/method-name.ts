import type { TFunction } from 'i18next';
import type { Lang } from '#app/lib/lang.ts';
import { regionName } from '#app/lib/region-name.ts';

/**
 * The methods that are a kind of payment rather than a brand have a name in each language; a
 * brand (Kaspi, YooMoney, PIX, UPI, m10, Card.biz) keeps the name the country table gives it.
 * The tables' names are English, so without this a Russian page offered "SBP" and "Bank card".
 */
const KINDS: Record<string, string> = { sbp: 'sbp', skins: 'skins', gift_card: 'giftCard', crypto: 'crypto', mobile_ru: 'mobile' };

/** The key under `refill.methodNames` for a method's `payMethod`, or null for a brand. */
export function methodNameKey(payMethod: string): string | null {
  if (payMethod.startsWith('card_') && payMethod !== 'card_biz') return 'card';
  return Object.hasOwn(KINDS, payMethod) ? KINDS[payMethod]! : null;
}

/** A payment method's name on the page. */
export function methodName(t: TFunction, method: { name: string; payMethod: string }): string {
  const key = methodNameKey(method.payMethod);
  return key ? t(`refill.methodNames.${key}`) : method.name;
}

/**
 * A country table's name on the page ("Россия", "European Union"). The texts name the store's own
 * tables, so the top-up page loads no region data to say them; a table an operator added later is
 * named by the browser, or by its code.
 */
export function countryName(t: TFunction, code: string, lang: Lang): string {
  return t(`refill.countries.${code}`, { defaultValue: '' }) || regionName(code, lang);
}
