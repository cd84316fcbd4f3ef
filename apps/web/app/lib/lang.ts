import type { Lang } from '@store/shared/errors';

export type { Lang };

/** Russian lives at the root, English under /en (spec §2: a locale prefix, Russian first). */
export function langFromPath(pathname: string): Lang {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'ru';
}

/** The same page in a language: strips any /en prefix, then adds the one the language needs. */
export function localePath(lang: Lang, path: string): string {
  const bare = stripLang(path);
  if (lang === 'ru') return bare;
  return bare === '/' ? '/en' : `/en${bare}`;
}

export function stripLang(path: string): string {
  if (path === '/en') return '/';
  return path.startsWith('/en/') ? path.slice(3) : path;
}
