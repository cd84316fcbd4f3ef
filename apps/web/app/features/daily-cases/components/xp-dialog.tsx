import { Dialog } from '#app/components/dialog.tsx';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { useT } from '#app/lib/use-t.ts';

const GAMES = ['cases', 'upgrades', 'contracts', 'battles', 'offers'] as const;

/** A level case is usually named by its level ("LEVEL 15"): the name and the badge then say the level, once. */
const namesItsLevel = (c: { name: string; level: number }) => new RegExp(`(^|\\D)${c.level}(\\D|$)`).test(c.name);

/**
 * The experience popup (`?show_xp_modal=true`): how experience is earned, and what the next level
 * case is and where it unlocks.
 */
export function XpDialog({
  nextCase,
  expToNext,
  onClose,
}: {
  nextCase: { name: string; level: number } | null;
  expToNext: number | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog title={t('levels.xpTitle')} onClose={onClose} testId="xp-dialog">
      <div className="stack xp-dialog">
        <p>{t('levels.xpRule')}</p>
        <ul className="xp-dialog__games">
          {GAMES.map((g) => (
            <li key={g}>{t(`levels.games.${g}`)}</li>
          ))}
        </ul>
        {nextCase && (
          <div className="xp-dialog__next" data-testid="xp-next-case">
            <LevelBadge level={nextCase.level} size="m" />
            <span className="xp-dialog__next-text">
              {namesItsLevel(nextCase) ? t('levels.nextFreeCase', { name: nextCase.name }) : t('levels.nextUnlocks', { name: nextCase.name, n: nextCase.level })}
              {expToNext != null && expToNext > 0 && <small className="muted">{t('levels.toNext', { exp: expToNext })}</small>}
            </span>
          </div>
        )}
        <button type="button" className="btn btn--accent btn--l" onClick={onClose}>
          {t('levels.gotIt')}
        </button>
      </div>
    </Dialog>
  );
}
