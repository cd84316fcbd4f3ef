import ru from '#app/locales/ru/ru-texts.ts';
import en from '#app/locales/en/en-texts.ts';
import ruConsole from '#app/locales/ru/admin.json';
import enConsole from '#app/locales/en/admin.json';
import { registerTexts } from './i18n.ts';

/**
 * Both languages at once, for the server render and the tests: only the browser's bundle loads
 * one language at a time (and the console's texts on console pages). Importing this module registers them.
 */
registerTexts('ru', { ...ru, ...ruConsole });
registerTexts('en', { ...en, ...enConsole });
