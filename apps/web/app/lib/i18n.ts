import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from './lang.ts';
import ru from '#app/locales/ru/common.json';
import en from '#app/locales/en/common.json';
import ruFair from '#app/locales/ru/provably-fair.json';
import enFair from '#app/locales/en/provably-fair.json';
import ruTechies from '#app/locales/ru/techies.json';
import enTechies from '#app/locales/en/techies.json';
import ruAccount from '#app/locales/ru/account.json';
import enAccount from '#app/locales/en/account.json';

// A feature with many texts keeps them in a file of its own (one top-level key each), merged into the one namespace.
export const resources = {
  ru: { common: { ...ru, ...ruFair, ...ruTechies, ...ruAccount } },
  en: { common: { ...en, ...enFair, ...enTechies, ...enAccount } },
} as const;

const instances = new Map<Lang, i18n>();

/**
 * One i18next instance per language, made once: the texts are bundled, so an instance never
 * loads anything, and a request never changes another request's language.
 */
export function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: 'ru',
      resources,
      defaultNS: 'common',
      ns: ['common'],
      initAsync: false,
      showSupportNotice: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    instances.set(lang, instance);
  }
  return instance;
}
