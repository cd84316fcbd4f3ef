import type { Lang } from '../errors.ts';

/** Figures and plurals by the language's own rules (Intl, which i18next's plural keys use too). */

const numberLocales: Record<Lang, string> = { ru: 'ru-RU', en: 'en-US' };
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain figure in the page's language ("1 234,5" / "1,234.5"), up to three decimals as Intl's default, one formatter per language and precision. */
export function formatNumber(n: number, lang: Lang, maximumFractionDigits = 3): string {
  const key = `${lang}:${maximumFractionDigits}`;
  let made = numberFormats.get(key);
  if (!made) numberFormats.set(key, (made = new Intl.NumberFormat(numberLocales[lang], { maximumFractionDigits })));
  return made.format(n);
}

const pluralRules = new Map<Lang, Intl.PluralRules>();

/** The plural category of `n` in `lang` ('one', 'few', 'many', 'other'): the forms i18next's `_one`/`_few`/… keys name. */
export function pluralCategory(n: number, lang: Lang): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(n);
}
