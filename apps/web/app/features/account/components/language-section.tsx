import { useLocation, useNavigate } from 'react-router';
import { LANGUAGES } from '@store/shared/account';
import { localePath } from '#app/lib/lang.ts';
import { useChangeLanguage } from '#app/lib/use-change-language.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { SettingsCard } from './settings-card.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The interface language: a change here is the same manual change as the header's switch. */
export function LanguageSection() {
  const t = useT();
  const lang = useLang();
  const changeLanguage = useChangeLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return (
    <SettingsCard title={t('account.language.title')} testId="settings-language">
      <div className="radio-row" role="radiogroup" aria-label={t('account.language.title')}>
        {LANGUAGES.map((l) => (
          <label key={l.iso} className={`radio-pill${lang === l.iso ? ' on' : ''}`}>
            <input
              type="radio"
              name="language"
              value={l.iso}
              checked={lang === l.iso}
              onChange={() => {
                void changeLanguage(l.iso).then(() => navigate(localePath(l.iso, pathname)));
              }}
              data-testid={`language-${l.iso}`}
            />
            {l.language}
          </label>
        ))}
      </div>
      <p className="muted settings-card__note">{t('account.language.note')}</p>
    </SettingsCard>
  );
}
