import { useEffect } from 'react';
import { apiCall } from './api.ts';
import { loadTexts } from './i18n.ts';
import type { Lang } from './lang.ts';
import { languageToSave, localeCookie } from './locale-pref.ts';
import { LOCALE_CHANGED_KEY } from './storage-keys.ts';
import { useLang } from './use-lang.ts';
import { useMe } from './use-me.ts';

// Storage can be switched off (private modes); the choice then lives in the cookie alone.
const storage = {
  get: () => {
    try {
      return localStorage.getItem(LOCALE_CHANGED_KEY);
    } catch {
      return null;
    }
  },
  set: () => {
    try {
      localStorage.setItem(LOCALE_CHANGED_KEY, '1');
    } catch {
      /* the cookie still holds the choice */
    }
  },
  clear: () => {
    try {
      localStorage.removeItem(LOCALE_CHANGED_KEY);
    } catch {
      /* nothing to clear */
    }
  },
};

/** POST /api/v1/users/lang/change: the account's language. A failure is ignored (spec §8); the flag stays for the next load. */
const saveLanguage = (code: Lang) => apiCall('/api/v1/users/lang/change', { body: { code }, lang: code });

/**
 * A change of language by hand (spec §4 Locale): this browser remembers it in the locale cookie,
 * the flag asks the next load to save it to the account, and a signed-in player's account learns
 * it at once. Resolves when the language's texts are here: the caller then goes to the page in
 * that language.
 */
export function useChangeLanguage() {
  const me = useMe();
  return (to: Lang): Promise<void> => {
    document.cookie = localeCookie(to);
    storage.set();
    if (me) saveLanguage(to).catch(() => undefined);
    return loadTexts(to);
  };
}

/** On each load: a language picked by hand while signed out (or not yet saved) goes to the account once the player is signed in. */
export function useLanguageSync() {
  const me = useMe();
  const lang = useLang();
  const userId = me?.userId;
  useEffect(() => {
    const code = languageToSave(storage.get(), userId !== undefined, lang);
    if (!code) return;
    saveLanguage(code).then(storage.clear, () => undefined);
    // Once per player per load; a later page in the other language came through the switch, which saves it itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
}
