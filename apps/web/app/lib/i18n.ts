import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from './lang.ts';

export type Texts = Record<string, unknown>;

const texts = new Map<Lang, Texts>();
const instances = new Map<Lang, i18n>();

/**
 * Each language's texts are a chunk of their own (`ru-texts-*.js`, `en-texts-*.js`), so a page
 * loads only its language's: the root layout preloads it, the browser's entry awaits it before
 * hydrating, and the server render has both (`i18n-all.ts`).
 */
const loaders: Record<Lang, () => Promise<{ default: Texts }>> = {
  ru: () => import('#app/locales/ru/ru-texts.ts'),
  en: () => import('#app/locales/en/en-texts.ts'),
};

/** The operator console's texts: a chunk only the console's pages load, merged into the language's namespace. */
const consoleLoaders: Record<Lang, () => Promise<{ default: Texts }>> = {
  ru: () => import('#app/locales/ru/admin.json'),
  en: () => import('#app/locales/en/admin.json'),
};
const consoleLoaded = new Set<Lang>();

/** Loads the console's texts for a language once, on top of the language's own (entry.client before hydrating a console page, admin-layout's clientLoader on the way in). */
export async function loadConsoleTexts(lang: Lang): Promise<void> {
  if (consoleLoaded.has(lang)) return;
  await loadTexts(lang);
  registerTexts(lang, { ...texts.get(lang), ...(await consoleLoaders[lang]()).default });
  consoleLoaded.add(lang);
}

/** Makes a language's texts available, also to an instance made before they came. */
export function registerTexts(lang: Lang, bundle: Texts): void {
  texts.set(lang, bundle);
  instances.get(lang)?.addResourceBundle(lang, 'common', bundle, true, true);
}

export const hasTexts = (lang: Lang): boolean => texts.has(lang);

/** Loads a language's texts once (the other language's chunk is fetched only when a player switches). */
export async function loadTexts(lang: Lang): Promise<void> {
  if (texts.has(lang)) return;
  registerTexts(lang, (await loaders[lang]()).default);
}

/**
 * One i18next instance per language, made once, so a request never changes another request's
 * language. It never loads anything itself: it holds what `registerTexts` gave it, and re-renders
 * its readers when texts arrive (`bindI18nStore: 'added'`).
 */
export function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    const bundle = texts.get(lang);
    void instance.use(initReactI18next).init({
      lng: lang,
      fallbackLng: false,
      resources: bundle ? { [lang]: { common: bundle } } : {},
      defaultNS: 'common',
      ns: ['common'],
      initAsync: false,
      showSupportNotice: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
    instances.set(lang, instance);
  }
  return instance;
}
