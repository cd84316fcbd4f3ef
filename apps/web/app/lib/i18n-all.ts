import ruFrame from '#app/locales/ru/ru-texts.ts';
import enFrame from '#app/locales/en/en-texts.ts';
import ruPage from '#app/locales/ru/ru-page-texts.ts';
import enPage from '#app/locales/en/en-page-texts.ts';
import ruConsole from '#app/locales/ru/admin.json';
import enConsole from '#app/locales/en/admin.json';
import type { Lang } from './lang.ts';
import { mergeTexts, registerTexts, type Texts } from './i18n.ts';

/** Every text players see in each language: the frame's and the pages', deep-merged as the browser merges them. */
export const playerTexts: Record<Lang, Texts> = { ru: mergeTexts(ruFrame, ruPage), en: mergeTexts(enFrame, enPage) };

/**
 * Both languages at once, for the server render and the tests: only the browser's bundle loads
 * one language at a time, in parts (the frame's texts first, the console's only on console pages).
 * Importing this module registers them.
 */
registerTexts('ru', mergeTexts(playerTexts.ru, ruConsole));
registerTexts('en', mergeTexts(playerTexts.en, enConsole));
