import { afterEach, describe, expect, it } from 'vitest';
import { langFromPath, localePath, localePrefix, setLocalePrefix, stripLang, type Lang } from '#app/lib/lang.ts';

const paths = ['/', '/upgrades', '/open/spring-case', '/profile/42', '/battles/01HX/details', '/refill/result', '/enigma', '/english'];

describe('the page language comes from its path (spec §2: Russian at the root, English under /en)', () => {
  it('Russian at the root and on every unprefixed page', () => {
    for (const p of ['/', '/upgrades', '/open/spring-case', '/profile/42', '/refill/unauth']) expect(langFromPath(p)).toBe('ru');
  });

  it('English on /en and everything under it', () => {
    for (const p of ['/en', '/en/', '/en/upgrades', '/en/open/spring-case', '/en/battles/01HX']) expect(langFromPath(p)).toBe('en');
  });

  it('a page whose name only begins with "en" is Russian', () => {
    expect(langFromPath('/enigma')).toBe('ru');
    expect(langFromPath('/english/en')).toBe('ru');
    expect(langFromPath('/open/en')).toBe('ru');
  });
});

describe('links that keep the page language', () => {
  it('English links get the /en prefix once, Russian links none', () => {
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('en', '/refill')).toBe('/en/refill');
    expect(localePath('en', '/en/refill')).toBe('/en/refill');
    expect(localePath('en', '/en')).toBe('/en');
    expect(localePath('ru', '/refill')).toBe('/refill');
    expect(localePath('ru', '/en/refill')).toBe('/refill');
    expect(localePath('ru', '/en')).toBe('/');
    expect(localePath('ru', '/en/')).toBe('/');
  });

  it('a page named like the prefix is not mistaken for it', () => {
    expect(localePath('en', '/enigma')).toBe('/en/enigma');
    expect(localePath('ru', '/enigma')).toBe('/enigma');
    expect(stripLang('/enigma')).toBe('/enigma');
  });

  it('the language switch lands on the same page in the other language, and back', () => {
    for (const p of paths) {
      for (const lang of ['ru', 'en'] as Lang[]) {
        const there = localePath(lang, p);
        expect(langFromPath(there)).toBe(lang);
        expect(stripLang(there)).toBe(stripLang(p));
        const back = localePath(lang === 'ru' ? 'en' : 'ru', there);
        expect(stripLang(back)).toBe(stripLang(p));
        expect(localePath(lang, back)).toBe(there);
      }
    }
  });

  it('stripLang gives the page without its language, which is how the refill pages are recognised', () => {
    expect(stripLang('/en/refill/result')).toBe('/refill/result');
    expect(stripLang('/refill/result')).toBe('/refill/result');
    expect(stripLang('/en')).toBe('/');
    expect(stripLang('/en/')).toBe('/');
    expect(stripLang('/')).toBe('/');
  });
});

describe('with every language under its prefix (LOCALE_PREFIX=always)', () => {
  afterEach(() => setLocalePrefix('except_default'));

  it('Russian links get /ru, English /en, and the switch still lands on the same page', () => {
    setLocalePrefix('always');
    expect(localePrefix()).toBe('always');
    expect(localePath('ru', '/')).toBe('/ru');
    expect(localePath('ru', '/refill')).toBe('/ru/refill');
    expect(localePath('ru', '/en/refill')).toBe('/ru/refill');
    expect(localePath('en', '/ru/refill')).toBe('/en/refill');
    expect(langFromPath('/ru/upgrades')).toBe('ru');
    for (const p of paths) {
      const ru = localePath('ru', p);
      expect(ru.startsWith('/ru')).toBe(true);
      expect(langFromPath(ru)).toBe('ru');
      expect(stripLang(localePath('en', ru))).toBe(stripLang(p));
    }
  });

  it('a value the page head did not name as a strategy changes nothing', () => {
    setLocalePrefix('always');
    setLocalePrefix('sometimes');
    setLocalePrefix(undefined);
    expect(localePath('ru', '/faq')).toBe('/ru/faq');
  });
});
