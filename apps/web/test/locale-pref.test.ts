import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@store/shared/account';
import { setLocalePrefix } from '#app/lib/lang.ts';
import { languageToSave, localeCookie, localeFromCookieHeader, localeRedirect } from '#app/lib/locale-pref.ts';
import { LOCALE_CHANGED_KEY } from '#app/lib/storage-keys.ts';

describe('the language picked by hand (spec §4 Locale, §9)', () => {
  it('is a cookie named locale for 365 days over the whole site', () => {
    expect(LOCALE_COOKIE).toBe('locale');
    expect(localeCookie('en')).toBe('locale=en; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(LOCALE_CHANGED_KEY).toBe('locale-changed');
  });

  it('reads the cookie among others, and nothing from a value it does not know', () => {
    expect(localeFromCookieHeader('a=1; locale=en; tastyToken=x')).toBe('en');
    expect(localeFromCookieHeader('locale=ru')).toBe('ru');
    expect(localeFromCookieHeader('locale=de')).toBeNull();
    expect(localeFromCookieHeader('mylocale=en')).toBeNull();
    expect(localeFromCookieHeader(null)).toBeNull();
  });

  it('the Russian main page goes to /en for a browser that chose English, keeping the query', () => {
    expect(localeRedirect({ pathname: '/', search: '?utm_source=x', cookieLang: 'en', accountLang: null })).toBe('/en?utm_source=x');
    expect(localeRedirect({ pathname: '/', search: '', cookieLang: 'en', accountLang: 'ru' })).toBe('/en');
  });

  it('with no choice in this browser, the signed-in account’s English counts (another device)', () => {
    expect(localeRedirect({ pathname: '/', search: '', cookieLang: null, accountLang: 'en' })).toBe('/en');
    expect(localeRedirect({ pathname: '/', search: '', cookieLang: null, accountLang: 'ru' })).toBeNull();
    expect(localeRedirect({ pathname: '/', search: '', cookieLang: null, accountLang: null })).toBeNull();
  });

  it('a Russian choice in this browser beats the account, and other pages never move', () => {
    expect(localeRedirect({ pathname: '/', search: '', cookieLang: 'ru', accountLang: 'en' })).toBeNull();
    for (const pathname of ['/en', '/upgrades', '/profile/settings']) expect(localeRedirect({ pathname, search: '', cookieLang: 'en', accountLang: 'en' })).toBeNull();
  });

  it('with every language under its prefix, the Russian main page is /ru and an English chooser goes to /en', () => {
    setLocalePrefix('always');
    try {
      expect(localeRedirect({ pathname: '/ru', search: '?utm_source=x', cookieLang: 'en', accountLang: null })).toBe('/en?utm_source=x');
      expect(localeRedirect({ pathname: '/ru', search: '', cookieLang: null, accountLang: 'ru' })).toBeNull();
      expect(localeRedirect({ pathname: '/ru/upgrades', search: '', cookieLang: 'en', accountLang: null })).toBeNull();
    } finally {
      setLocalePrefix('except_default');
    }
  });

  it('the flag saves the page’s language on a load only when signed in', () => {
    expect(languageToSave('1', true, 'en')).toBe('en');
    expect(languageToSave('1', false, 'en')).toBeNull();
    expect(languageToSave(null, true, 'en')).toBeNull();
  });
});
