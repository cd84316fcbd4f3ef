import { Link } from 'react-router';
import type { LevelCaseRef } from '@store/shared/api/levels';
import type { Camel } from '#app/lib/api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { Dialog } from './dialog.tsx';
import { LevelBadge } from './level-badge.tsx';
import { useT } from '#app/lib/use-t.ts';

type CaseRef = Camel<LevelCaseRef>;

/** A new level: the level case it unlocked, if any, and the way to the daily cases. */
export function LevelUpDialog({ level, unlocked, next, onClose }: { level: number; unlocked: CaseRef | null; next: CaseRef | null; onClose: () => void }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Dialog title={t('levels.upTitle')} onClose={onClose} testId="level-up">
      <div className="stack level-up">
        <LevelBadge level={level} size="l" />
        <p className="level-up__text">{t('levels.upText', { n: level })}</p>
        {unlocked ? (
          <p className="level-up__case" data-testid="level-up-case">
            {t('levels.unlockedCase', { name: t('levels.caseName', { name: unlocked.caseName }) })}
          </p>
        ) : (
          next && <p className="muted">{t('levels.nextCase', { name: t('levels.caseName', { name: next.caseName }) })}</p>
        )}
        <Link to={to('/daily-cases')} className="btn btn--accent btn--l" onClick={onClose} data-testid="level-up-daily">
          {t('levels.toDaily')}
        </Link>
      </div>
    </Dialog>
  );
}
