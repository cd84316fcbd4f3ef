import { useLocation } from 'react-router';
import { langFromPath, localePath, type Lang } from './lang.ts';

/** The page's language, from its path. */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** Builds links that stay in the page's language. */
export function useLocalePath() {
  const lang = useLang();
  return (path: string) => localePath(lang, path);
}
