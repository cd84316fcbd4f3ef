import { levelBand } from '@store/shared/levels';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { Money } from '#app/components/money.tsx';
import { formatDay } from '@store/shared/format/dates';
import { useFigure } from '#app/lib/use-figure.ts';
import { useLang } from '#app/lib/use-lang.ts';
import type { PublicUserData } from '../api/get-user.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A player's card: avatar, nickname, level and what they have opened and spent. */
export function ProfileCard({ user }: { user: PublicUserData }) {
  const t = useT();
  const lang = useLang();
  const figure = useFigure();
  const since = formatDay(user.createdAt, lang);
  return (
    <div className="profile-card" data-testid="profile-card">
      <Picture className="profile-card__avatar" src={user.avatar} alt="" width={88} height={88} style={{ borderColor: levelBand(user.level).color }} priority />
      <div className="profile-card__who">
        <h1>{user.nickname}</h1>
        <span className="muted">{t('profile.since', { date: since })}</span>
      </div>
      <dl className="profile-card__stats">
        <div>
          <dt>{t('profile.level')}</dt>
          <dd>
            <LevelBadge level={user.level} size="m" testId="profile-level" />
          </dd>
        </div>
        <div>
          <dt>{t('profile.opened')}</dt>
          <dd>{figure(user.statistic.cases.opened, 0)}</dd>
        </div>
        <div>
          <dt>{t('profile.spent')}</dt>
          <dd>
            <Money value={user.statistic.finance.spent} />
          </dd>
        </div>
      </dl>
    </div>
  );
}
