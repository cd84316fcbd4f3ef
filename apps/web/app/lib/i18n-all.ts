import ru from '#app/locales/ru/ru-texts.ts';
import en from '#app/locales/en/en-texts.ts';
import { registerTexts } from './i18n.ts';

/**
 * Both languages at once, for the server render and the tests: only the browser's bundle loads
 * one language at a time. Importing this module registers them.
 */
registerTexts('ru', ru);
registerTexts('en', en);
