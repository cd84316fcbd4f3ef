import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { localePath } from '#app/lib/lang.ts';
import { useLang } from '#app/lib/use-lang.ts';

/** Switches between Russian (no prefix) and English (/en), keeping the page. */
export function LangSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search } = useLocation();
  const other = lang === 'ru' ? 'en' : 'ru';
  return (
    <Link className="lang-switch" to={`${localePath(other, pathname)}${search}`} hrefLang={other} data-testid="lang-switch" title={t('common.switchLanguage')}>
      {other.toUpperCase()}
    </Link>
  );
}
