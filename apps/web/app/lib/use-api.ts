import { useMemo } from 'react';
import { apiCall, type ApiCaller } from './api.ts';
import { useLang } from './use-lang.ts';

/** The browser's API caller: the token from the cookie, the language of the page. */
export function useApi(): ApiCaller {
  const lang = useLang();
  return useMemo<ApiCaller>(() => (path, opts) => apiCall(path, { ...opts, lang }), [lang]);
}
