import { Link } from 'react-router';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { levelSpan } from '#app/lib/level-span.ts';
import type { MeData } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** The player's level, the bar to the next one, and the way to the popup that explains experience. */
export function LevelProgress({ levels, xpLink }: { levels: MeData['levels']; xpLink: string }) {
  const t = useT();
  const { into, span } = levelSpan(levels);
  const percent = Math.min(100, Math.max(0, levels.percentToNextLevel));
  return (
    <section className="level-progress" data-testid="daily-level" data-level={levels.userLevel}>
      <LevelBadge level={levels.userLevel} size="l" />
      <div className="level-progress__body">
        <div className="level-progress__head">
          <b>{t('levels.levelN', { n: levels.userLevel })}</b>
          <span className="muted">
            {levels.expToNextLevel > 0 ? t('levels.toNext', { exp: levels.expToNextLevel }) : t('levels.maxLevel')}
          </span>
        </div>
        <div className="level-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('levels.progressLabel')}>
          <span style={{ width: `${percent}%` }} />
        </div>
        <div className="level-progress__foot">
          <span className="muted">{t('levels.expOf', { into, span })}</span>
          <Link to={xpLink} className="level-progress__how" data-testid="xp-how">
            {t('levels.howTo')}
          </Link>
        </div>
      </div>
    </section>
  );
}
