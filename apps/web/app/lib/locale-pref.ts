import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '@store/shared/account';
import { localePath, type Lang } from './lang.ts';
import { cookieFromHeader } from './cookie-header.ts';

/**
 * The language a player picked by hand (spec §4 Locale, §9): a cookie the server render reads, and
 * a flag that asks the next load to save the language to the account once the player is signed in.
 * The flag's name is in storage-keys.ts.
 */

const isLang = (v: unknown): v is Lang => v === 'ru' || v === 'en';

/** The cookie a manual change sets: a year, the whole site, sent on top-level navigations. */
export const localeCookie = (lang: Lang): string => `${LOCALE_COOKIE}=${lang}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;

export function localeFromCookieHeader(header: string | null | undefined): Lang | null {
  const value = cookieFromHeader(header, LOCALE_COOKIE);
  return isLang(value) ? value : null;
}

/**
 * Where a visit to the Russian main page goes instead: English when this browser picked English,
 * or, with no choice made on this device, when the signed-in player's account is English.
 * Null keeps the page. Only the Russian root moves; every other address says its language itself.
 */
export function localeRedirect(opts: { pathname: string; search: string; cookieLang: Lang | null; accountLang: Lang | null | undefined }): string | null {
  if (opts.pathname !== localePath('ru', '/')) return null;
  const wanted = opts.cookieLang ?? opts.accountLang ?? null;
  return wanted === 'en' ? `${localePath('en', '/')}${opts.search}` : null;
}

/** What a load does with the manual-change flag: save the page's language to the account (and clear the flag) only when signed in. */
export const languageToSave = (flag: string | null, signedIn: boolean, pageLang: Lang): Lang | null => (flag === '1' && signedIn ? pageLang : null);
