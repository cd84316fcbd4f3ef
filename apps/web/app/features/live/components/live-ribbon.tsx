import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import type { LiveDropData } from '../api/get-live-drops.ts';
import { useLiveDrops } from '../api/use-live-drops.ts';
import { useT } from '#app/lib/use-t.ts';
import { LevelBadge } from '#app/components/level-badge.tsx';
import { useUserLevel } from '#app/lib/use-user-level.ts';
import { Picture } from '#app/components/picture.tsx';

/** Who won a drop, with their level badge (levels of a screenful of drops come in one batched call). */
function DropPlayer({ userId, nickname }: { userId: number; nickname: string }) {
  const level = useUserLevel(userId);
  return (
    <small className="live-drop__player">
      <LevelBadge level={level} size="xs" />
      <span>{nickname}</span>
    </small>
  );
}

/** The strip of what players are winning right now; new drops slide in from the left. */
export function LiveRibbon({ initial }: { initial: LiveDropData[] }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const { drops, live } = useLiveDrops(initial);
  return (
    <div className="live-ribbon" data-testid="live-ribbon" data-live={live ? 'on' : 'off'}>
      <span className="live-ribbon__title">
        <i className="live-dot" aria-hidden="true" />
        {t('live.title')}
      </span>
      <div className="live-ribbon__track">
        {drops.map((d) => (
          <Link key={d.id} to={to(`/open/${d.case.slug}`)} className={`live-drop${d.isTop ? ' live-drop--top' : ''}`} style={{ '--rarity': d.item.rarityColor } as CSSProperties} data-testid="live-drop" data-user={d.user.id}>
            <Picture src={d.item.image} alt="" width={64} height={48} loading="eager" background />
            <span className="live-drop__info">
              <b>{d.item.names[lang]}</b>
              <DropPlayer userId={d.user.id} nickname={d.user.nickname} />
            </span>
          </Link>
        ))}
        {drops.length === 0 && <span className="muted live-ribbon__empty">{t('live.empty')}</span>}
      </div>
    </div>
  );
}
