import type { Lang } from '@store/shared/errors';
import { DEFAULT_LOCALE_PREFIX, isLocalePrefix, langOfPath, pathInLang, stripLocale, type LocalePrefix } from '@store/shared/locale-path';

export type { Lang };

/**
 * The deployment's locale prefix strategy (LOCALE_PREFIX, spec §2). A setting of the whole store,
 * not of a page: the server render is told once at start (entry.server.tsx), the browser reads it
 * from the page's head before it hydrates (entry.client.tsx), so every path below agrees with the server.
 */
let prefix: LocalePrefix = DEFAULT_LOCALE_PREFIX;

export function setLocalePrefix(value: unknown): void {
  if (isLocalePrefix(value)) prefix = value;
}

export const localePrefix = (): LocalePrefix => prefix;

/** The page's language: its prefix, else Russian. */
export function langFromPath(pathname: string): Lang {
  return langOfPath(pathname);
}

/** The same page in a language: strips any prefix, then adds the one the language needs under the strategy. */
export function localePath(lang: Lang, path: string): string {
  return pathInLang(lang, path, prefix);
}

export function stripLang(path: string): string {
  return stripLocale(path);
}
