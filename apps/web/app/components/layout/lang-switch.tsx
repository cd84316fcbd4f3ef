import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localePath } from '#app/lib/lang.ts';
import { useChangeLanguage } from '#app/lib/use-change-language.ts';
import { useLang } from '#app/lib/use-lang.ts';

/** Switches between Russian (no prefix) and English (/en), keeping the page; a change by hand is remembered (spec §4 Locale). */
export function LangSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const changeLanguage = useChangeLanguage();
  const { pathname, search } = useLocation();
  const other = lang === 'ru' ? 'en' : 'ru';
  return (
    <Link
      className="lang-switch"
      to={`${localePath(other, pathname)}${search}`}
      hrefLang={other}
      onClick={() => changeLanguage(other)}
      data-testid="lang-switch"
      title={t('common.switchLanguage')}
    >
      {other.toUpperCase()}
    </Link>
  );
}
