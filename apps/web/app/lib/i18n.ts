import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatNumber } from '@store/shared/money';
import { stripLang, type Lang } from './lang.ts';

export type Texts = Record<string, unknown>;

/**
 * A language's texts come in parts, each a chunk of its own in the browser: the frame's (what the
 * root, the default layout and the main page say), the pages' (the rest players see) and the
 * operator console's. A part fills in the others under the same keys (`mergeTexts`).
 */
type Part = 'frame' | 'page' | 'console';

const loaders: Record<Part, Record<Lang, () => Promise<{ default: Texts }>>> = {
  // `<lang>-texts-*.js`: the server finds it by that name and the root layout preloads it on every page.
  frame: { ru: () => import('#app/locales/ru/ru-texts.ts'), en: () => import('#app/locales/en/en-texts.ts') },
  page: { ru: () => import('#app/locales/ru/ru-page-texts.ts'), en: () => import('#app/locales/en/en-page-texts.ts') },
  console: { ru: () => import('#app/locales/ru/admin.json'), en: () => import('#app/locales/en/admin.json') },
};

const texts = new Map<Lang, Texts>();
const instances = new Map<Lang, i18n>();
const loaded = new Set<`${Lang}:${Part}`>();
// One fetch per part, however many places ask for it at once (the layout, a dialog, the idle prefetch).
const loading = new Map<`${Lang}:${Part}`, Promise<void>>();

const isTree = (v: unknown): v is Texts => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The texts of `b` laid over `a`, key by key at every depth: parts of a language share top-level keys. */
export function mergeTexts(a: Texts, b: Texts): Texts {
  const out: Texts = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const had = out[k];
    out[k] = isTree(had) && isTree(v) ? mergeTexts(had, v) : v;
  }
  return out;
}

/**
 * Adds texts to a language; `silent` leaves the readers already on the page unrendered. The pages'
 * part is added so: it shares no key with the frame's (frame-texts.test), and whatever says one of
 * its texts waits for it before rendering (entry.client, usePageTexts, lazy parts), so its arrival
 * changes nothing on screen. Announced, it re-rendered every reader of the main page when the idle
 * prefetch brought it, a long task on a phone for nothing.
 */
function addTexts(lang: Lang, bundle: Texts, silent = false): void {
  const had = texts.get(lang);
  texts.set(lang, had ? mergeTexts(had, bundle) : bundle);
  const store = instances.get(lang)?.store as QuietStore | undefined;
  store?.addResourceBundle(lang, 'common', bundle, true, true, { silent, skipCopy: false });
}

/** i18next's resource store takes a `silent` option its published types leave out. */
interface QuietStore {
  addResourceBundle(lng: string, ns: string, resources: Texts, deep: boolean, overwrite: boolean, options: { silent: boolean; skipCopy: boolean }): void;
}

/** Makes all of a language's texts available at once, also to an instance made before they came (the server render, tests: `i18n-all.ts`). */
export function registerTexts(lang: Lang, bundle: Texts): void {
  addTexts(lang, bundle);
  for (const part of Object.keys(loaders) as Part[]) loaded.add(`${lang}:${part}`);
}

function loadPart(lang: Lang, part: Part): Promise<void> {
  const id = `${lang}:${part}` as const;
  if (loaded.has(id)) return Promise.resolve();
  let promise = loading.get(id);
  if (!promise) {
    promise = loaders[part][lang]().then(
      (m) => {
        addTexts(lang, m.default, part === 'page');
        loaded.add(id);
      },
      (error: unknown) => {
        // A later call tries again (a chunk that failed once may load after the network is back).
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, promise);
  }
  return promise;
}

/** Whether a page says only the frame's texts: the main page, which waits for nothing else (decision 041). */
export const frameTextsSuffice = (pathname: string): boolean => stripLang(pathname) === '/';

/** Loads the frame's texts of a language once: all the main page needs before hydrating. */
export const loadFrameTexts = (lang: Lang): Promise<void> => loadPart(lang, 'frame');

/** Loads every text players see in a language once, the frame's and the pages' (the other language's only when a player switches). */
export async function loadTexts(lang: Lang): Promise<void> {
  await Promise.all([loadPart(lang, 'frame'), loadPart(lang, 'page')]);
}

/** Whether every text players see in a language is here. */
export const hasTexts = (lang: Lang): boolean => loaded.has(`${lang}:frame`) && loaded.has(`${lang}:page`);

/**
 * Loads the pages' texts of every language the page has begun to say: a part of the page beyond
 * the frame (a lazily loaded dialog) waits for them, whichever language it speaks.
 */
export async function completeTexts(): Promise<void> {
  await Promise.all([...texts.keys()].map(loadTexts));
}

/** Loads the console's texts for a language once, with the language's own (entry.client before hydrating a console page, admin-layout's clientLoader on the way in). */
export async function loadConsoleTexts(lang: Lang): Promise<void> {
  await Promise.all([loadTexts(lang), loadPart(lang, 'console')]);
}

/**
 * Words every text may name, set once from the store's configuration: `{{game}}` is "CS2" or
 * "Dota 2" (spec §1's variants), so one text serves both stores. Every instance reads this one
 * object at each translation.
 */
const textVariables: Record<string, string> = {};

/** Sets the words texts may name (the root does, from the configuration it loaded). */
export function setTextVariables(vars: { game: string }): void {
  Object.assign(textVariables, vars);
}

/**
 * One i18next instance per language, made once, so a request never changes another request's
 * language. It never loads anything itself: it holds what has been loaded, and re-renders its
 * readers when more texts arrive (`bindI18nStore: 'added'`).
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
      interpolation: { escapeValue: false, defaultVariables: textVariables },
      react: { useSuspense: false, bindI18nStore: 'added' },
    });
    // `{{x, number}}` prints as `formatNumber` does everywhere else (decision 049): i18next's own
    // (Intl) groups "1,234" on an English page and "1 234" on a Russian one, with a no-break space
    // Node and browsers print differently. Up to 2 decimals unless the text asks for others.
    instance.services.formatter?.add('number', (value: number, _lng: string | undefined, opts: { maximumFractionDigits?: number }) =>
      formatNumber(value, { locale: lang, digits: opts.maximumFractionDigits ?? 2, fixed: false }),
    );
    instances.set(lang, instance);
  }
  return instance;
}
