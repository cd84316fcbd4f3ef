import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '#app/components/dialog.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { closeScamWarning } from '#app/lib/scam-cookie.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The scam warning itself (scam-warning.tsx decides when it is due): how the store does (and does
 * not) get in touch. Closing it remembers the moment; "don't show again" keeps it away for good.
 * `inPage`: the server rendered it with the page (scam-warning.tsx).
 */
export function ScamWarningDialog({ inPage }: { inPage: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const [never, setNever] = useState(false);
  const close = () => closeScamWarning(never);
  return (
    <Dialog title={t('overlays.scam.title')} onClose={close} testId="scam-warning" inPage={inPage}>
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
