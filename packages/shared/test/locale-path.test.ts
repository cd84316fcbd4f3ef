import { describe, expect, it } from 'vitest';
import { canonicalLocalePath, langOfPath, pathInLang, stripLocale, type LocalePrefix } from '../src/locale-path.ts';

const pages = ['/', '/faq', '/open/spring-case', '/profile/42', '/battles/01HX/details', '/enigma', '/rules', '/russia'];

describe('the language of an address (spec §2: a locale prefix)', () => {
  it('is its prefix, else Russian; a page whose name begins like a prefix is not one', () => {
    expect(langOfPath('/en')).toBe('en');
    expect(langOfPath('/en/faq')).toBe('en');
    expect(langOfPath('/en?tab=2')).toBe('en');
    expect(langOfPath('/ru/faq')).toBe('ru');
    expect(langOfPath('/faq')).toBe('ru');
    expect(langOfPath('/enigma')).toBe('ru');
    expect(langOfPath('/russia')).toBe('ru');
  });

  it('strips one prefix and keeps the query and fragment', () => {
    expect(stripLocale('/en/faq?q=1')).toBe('/faq?q=1');
    expect(stripLocale('/ru')).toBe('/');
    expect(stripLocale('/en?x=1')).toBe('/?x=1');
    expect(stripLocale('/en#top')).toBe('/#top');
    expect(stripLocale('/russia')).toBe('/russia');
    expect(stripLocale('/en/en/faq')).toBe('/en/faq');
  });
});

describe('a page in a language under each strategy', () => {
  it('Russian at the root (except_default): no Russian prefix, English under /en', () => {
    expect(pathInLang('ru', '/en/faq', 'except_default')).toBe('/faq');
    expect(pathInLang('ru', '/ru/faq', 'except_default')).toBe('/faq');
    expect(pathInLang('en', '/', 'except_default')).toBe('/en');
    expect(pathInLang('en', '/?x=1', 'except_default')).toBe('/en?x=1');
  });

  it('every language prefixed (always): /ru and /en, the root included', () => {
    expect(pathInLang('ru', '/', 'always')).toBe('/ru');
    expect(pathInLang('ru', '/en/faq', 'always')).toBe('/ru/faq');
    expect(pathInLang('en', '/ru/open/x', 'always')).toBe('/en/open/x');
    expect(pathInLang('ru', '/#top', 'always')).toBe('/ru#top');
  });

  it('round trips: a page in a language says that language and comes back to the same page', () => {
    for (const prefix of ['except_default', 'always'] as LocalePrefix[])
      for (const page of pages)
        for (const lang of ['ru', 'en'] as const) {
          const there = pathInLang(lang, page, prefix);
          expect(langOfPath(there)).toBe(lang);
          expect(stripLocale(there)).toBe(page);
          expect(pathInLang(lang, pathInLang(lang === 'ru' ? 'en' : 'ru', there, prefix), prefix)).toBe(there);
        }
  });
});

describe('where a page belongs (the server redirects the other form of a Russian page)', () => {
  it('Russian at the root: /ru/x goes to /x; bare and English pages stay', () => {
    expect(canonicalLocalePath('/ru/faq', 'except_default')).toBe('/faq');
    expect(canonicalLocalePath('/ru', 'except_default')).toBe('/');
    expect(canonicalLocalePath('/faq', 'except_default')).toBeNull();
    expect(canonicalLocalePath('/en/faq', 'except_default')).toBeNull();
  });

  it('every language prefixed: bare /x goes to /ru/x; prefixed pages stay', () => {
    expect(canonicalLocalePath('/', 'always')).toBe('/ru');
    expect(canonicalLocalePath('/faq', 'always')).toBe('/ru/faq');
    expect(canonicalLocalePath('/enigma', 'always')).toBe('/ru/enigma');
    expect(canonicalLocalePath('/ru/faq', 'always')).toBeNull();
    expect(canonicalLocalePath('/en', 'always')).toBeNull();
  });
});
