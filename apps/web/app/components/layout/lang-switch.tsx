import { Link, useLocation, useNavigate } from 'react-router';
import { hasTexts, loadTexts } from '#app/lib/i18n.ts';
import { localePath } from '#app/lib/lang.ts';
import { useChangeLanguage } from '#app/lib/use-change-language.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** Switches between Russian (no prefix) and English (/en), keeping the page; a change by hand is remembered (spec §4 Locale). */
export function LangSwitch() {
  const t = useT();
  const lang = useLang();
  const changeLanguage = useChangeLanguage();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const other = lang === 'ru' ? 'en' : 'ru';
  const to = `${localePath(other, pathname)}${search}`;
  // The other language's texts (all of them, the frame's and the pages') are chunks of their own:
  // fetched when the player reaches for the switch, and awaited before the page changes language
  // if the click came first.
  const prefetch = () => void loadTexts(other);
  return (
    <Link
      className="lang-switch"
      to={to}
      hrefLang={other}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      onClick={(e) => {
        const ready = hasTexts(other);
        const loaded = changeLanguage(other);
        if (ready) return;
        e.preventDefault();
        void loaded.then(() => navigate(to));
      }}
      data-testid="lang-switch"
      title={t('common.switchLanguage')}
    >
      {other.toUpperCase()}
    </Link>
  );
}
