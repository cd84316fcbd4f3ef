import { useCallback, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { guideSeenValue, GUIDE_SEEN_KEY, readGuideSeen } from './guide-memory.ts';
import { guideSteps } from './nav-items.ts';


/**
 * Whether the guide is open and whether this visitor has read it. It never opens by itself (a popup
 * over the first page would stand in the way of the first click); until it is read once, its menu
 * entry carries a "new" mark (decision 025).
 */
export function useGuide() {
  const [open, setOpen] = useState(false);
  const seen = useSyncExternalStore(subscribe, readSeen, () => true);
  const show = useCallback(() => {
    setOpen(true);
    try {
      localStorage.setItem(GUIDE_SEEN_KEY, guideSeenValue(Date.now()));
    } catch {
      // Nothing to remember it in; the guide still opens.
    }
    listeners.forEach((l) => l());
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, seen, show, close };
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readSeen(): boolean {
  try {
    return readGuideSeen(localStorage) !== null;
  } catch {
    // Storage refused (private mode): no mark rather than one that nags on every visit.
    return true;
  }
}

/** "How it works": top up, open a case, play upgrades, contracts and battles, withdraw to Steam. */
export function GuideDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Dialog title={t('shell.guide.title')} onClose={onClose} testId="guide">
      <ol className="guide">
        {guideSteps.map((step, i) => (
          <li key={step.key} className="guide__step" data-testid="guide-step">
            <span className="guide__icon" aria-hidden="true">
              {step.icon}
            </span>
            <div>
              <b>
                {i + 1}. {t(`shell.guide.${step.key}.title`)}
              </b>
              <p className="muted">{t(`shell.guide.${step.key}.text`)}</p>
              <Link to={to(step.path)} onClick={onClose} className="guide__link">
                {t(`shell.guide.${step.key}.link`)} →
              </Link>
            </div>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--accent btn--m guide__done" onClick={onClose} data-testid="guide-done">
        {t('shell.guide.done')}
      </button>
    </Dialog>
  );
}
