import type { Lang } from './errors.ts';

/**
 * Where a language lives in the address (spec §2: a locale prefix whose strategy is configurable).
 * - `except_default`: Russian at the root (`/battles`), every other language under its code (`/en/battles`).
 * - `always`: every language under its code (`/ru/battles`, `/en/battles`); a bare path is redirected.
 * The store serves both forms of a Russian page whatever the setting and redirects the other form
 * to the one the setting names, so links made before a change keep working.
 */
export const LOCALE_PREFIXES = ['except_default', 'always'] as const;
export type LocalePrefix = (typeof LOCALE_PREFIXES)[number];
export const DEFAULT_LOCALE_PREFIX: LocalePrefix = 'except_default';

export const isLocalePrefix = (value: unknown): value is LocalePrefix => LOCALE_PREFIXES.includes(value as LocalePrefix);

/** A language prefix: the first segment of a path, which may go on with a query or a fragment. */
const PREFIXED = /^\/(ru|en)(?=[/?#]|$)/;

/** The language a path is in: its prefix, else Russian (the default language). */
export function langOfPath(pathname: string): Lang {
  return PREFIXED.exec(pathname)?.[1] === 'en' ? 'en' : 'ru';
}

/** The path without its language prefix (`/en/faq` → `/faq`, `/ru` → `/`); the query stays. */
export function stripLocale(path: string): string {
  const m = PREFIXED.exec(path);
  if (!m) return path;
  const rest = path.slice(m[0].length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** The same page in a language under a strategy: any prefix dropped, then the one the language needs. */
export function pathInLang(lang: Lang, path: string, prefix: LocalePrefix): string {
  const bare = stripLocale(path);
  if (lang === 'ru' && prefix === 'except_default') return bare;
  return bare === '/' ? `/${lang}` : bare.startsWith('/?') || bare.startsWith('/#') ? `/${lang}${bare.slice(1)}` : `/${lang}${bare}`;
}

/**
 * Where a page's path belongs under a strategy, or null when it is already there: `/ru/x` goes to
 * `/x` when Russian lives at the root, a bare `/x` to `/ru/x` when every language has its prefix.
 */
export function canonicalLocalePath(pathname: string, prefix: LocalePrefix): string | null {
  const wanted = pathInLang(langOfPath(pathname), pathname, prefix);
  return wanted === pathname ? null : wanted;
}
