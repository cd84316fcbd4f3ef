import type { CSSProperties } from 'react';
import { Money } from '#app/components/money.tsx';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { useUserLevel } from '#app/lib/use-user-level.ts';
import { useRecentUpgrades, type UpgradeRecordData } from '../api/get-upgrades.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The player's level badge beside their name (levels of the whole list come in one batched call). */
function PlayerLevel({ userId }: { userId: number }) {
  return <LevelBadge level={useUserLevel(userId)} size="xs" />;
}

/** The latest upgrades of all players, updated as they happen. */
export function RecentUpgrades({ initial }: { initial: UpgradeRecordData[] }) {
  const t = useT();
  const figure = useFigure();
  const { list, live } = useRecentUpgrades(initial);
  return (
    <section className="recent" data-testid="recent-upgrades" data-live={live ? 'on' : 'off'}>
      <h2>{t('upgrade.recent')}</h2>
      <ul className="recent__list">
        {list.map((u) => (
          <li key={u.id} className={`recent__row ${u.success ? 'is-win' : 'is-loss'}`} style={{ '--rarity': u.target.rarityColor } as CSSProperties} data-testid="recent-upgrade" data-user={u.user.id}>
            <Picture src={u.user.avatar} alt="" width={28} height={28} className="recent__avatar" />
            <span className="recent__who">
              <PlayerLevel userId={u.user.id} />
              <span>{u.user.nickname}</span>
            </span>
            <Picture src={u.target.image} alt="" width={48} height={36} />
            <span className="recent__item">{u.target.name}</span>
            <span className="recent__chance">{figure(u.chance, 3)}%</span>
            <Money value={u.target.price} />
          </li>
        ))}
      </ul>
    </section>
  );
}
