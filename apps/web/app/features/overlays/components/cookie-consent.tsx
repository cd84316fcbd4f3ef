import { Link, useLocation } from 'react-router';
import { stripLang } from '#app/lib/lang.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { parseConsent } from '#app/lib/overlay-storage.ts';
import { CONSENT_KEY } from '#app/lib/storage-keys.ts';
import { store, useStoredRaw } from '#app/lib/use-stored.ts';
import { useT } from '#app/lib/use-t.ts';

/** The landing page has its own layout and keeps its screen clean (spec §2). */
const HIDDEN_ON = new Set(['/land1']);

/**
 * The cookie consent bar (spec §4): a compact strip at the bottom until the visitor accepts.
 * It appears only once the page runs in the browser and has read local storage, so nobody who
 * accepted sees it flash; a malformed stored value counts as no answer (spec §5). It does not
 * block the page, it only covers a strip at the bottom.
 */
export function CookieConsent({ hidden = false }: { hidden?: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const raw = useStoredRaw(CONSENT_KEY);
  if (raw === undefined || parseConsent(raw) !== null || hidden || HIDDEN_ON.has(stripLang(pathname))) return null;
  return (
    <div className="consent-bar" role="region" aria-label={t('overlays.consent.label')} data-testid="cookie-consent">
      <p className="consent-bar__text">
        {t('overlays.consent.text')}{' '}
        <Link to={to('/cookies')} className="consent-bar__link">
          {t('overlays.consent.more')}
        </Link>
      </p>
      <button
        type="button"
        className="btn btn--accent btn--s consent-bar__ok"
        onClick={() => store(CONSENT_KEY, { accepted: true, at: Date.now() })}
      >
        {t('overlays.consent.accept')}
      </button>
    </div>
  );
}
