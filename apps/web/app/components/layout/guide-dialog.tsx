import { Link } from 'react-router';
import { Dialog } from '../dialog.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { guideSteps } from './nav-items.ts';
import { useT } from '#app/lib/use-t.ts';

/** "How it works": top up, open a case, play upgrades, contracts and battles, withdraw to Steam. */
export function GuideDialog({ onClose }: { onClose(): void }) {
  const t = useT();
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
