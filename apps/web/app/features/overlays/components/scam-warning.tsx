import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/components/dialog.tsx';
import { stripLang } from '#app/lib/lang.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { parseScam, SCAM_KEY, scamWarningDue } from '#app/lib/overlay-storage.ts';
import { store, useStoredRaw } from '#app/lib/use-stored.ts';

/** Pages where a popup would get in the way of what the player came for: the landing and the legal texts it points to. */
const QUIET = new Set(['/land1', '/contacts']);

/**
 * The scam warning of spec §4/§6, for signed-in players only: how the store does (and does not)
 * get in touch. Closing it remembers the moment and it comes back 24 hours later; "don't show
 * again" keeps it away for good in this browser.
 */
export function ScamWarning() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const me = useMe();
  const { pathname } = useLocation();
  const raw = useStoredRaw(SCAM_KEY);
  // The moment the page came up: the 24 hours are counted against it, not re-read every render.
  const [now] = useState(() => Date.now());
  const [never, setNever] = useState(false);
  if (me === null || raw === undefined || QUIET.has(stripLang(pathname)) || !scamWarningDue(parseScam(raw), now)) return null;
  const close = () => store(SCAM_KEY, never ? { closedAt: Date.now(), never: true } : { closedAt: Date.now() });
  return (
    <Dialog title={t('overlays.scam.title')} onClose={close} testId="scam-warning">
      <div className="scam-warning">
        <p className="scam-warning__lead">{t('overlays.scam.lead')}</p>
        <ul className="scam-warning__list">
          <li>{t('overlays.scam.password')}</li>
          <li>{t('overlays.scam.steam')}</li>
          <li>
            {t('overlays.scam.support')}{' '}
            <Link to={to('/contacts')} onClick={close}>
              {t('overlays.scam.contacts')}
            </Link>
          </li>
        </ul>
        <p className="muted scam-warning__note">{t('overlays.scam.note')}</p>
        <label className="check scam-warning__never">
          <input type="checkbox" checked={never} onChange={(e) => setNever(e.target.checked)} data-testid="scam-never" />
          <span>{t('overlays.scam.never')}</span>
        </label>
        <button type="button" className="btn btn--accent btn--m scam-warning__ok" onClick={close}>
          {t('overlays.scam.ok')}
        </button>
      </div>
    </Dialog>
  );
}
