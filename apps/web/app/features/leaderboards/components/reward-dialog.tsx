import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { TopRewardData } from '../api/get-top-rewards.ts';
import { TopImage } from './top-image.tsx';
import { useT } from '#app/lib/use-t.ts';

/** One prize of a leaderboard (reward-popup.tsx decides when): the place, the skin, the way to the inventory. */
export function RewardDialog({ reward, onClose }: { reward: TopRewardData; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const to = useLocalePath();
  const medal = reward.place >= 1 && reward.place <= 3 ? ` top-reward--place-${reward.place}` : '';
  const drop = reward.drop;
  return (
    <Dialog title={t('top.rewardTitle')} onClose={onClose} testId="top-reward">
      <div className={`stack top-reward${medal}`} data-place={reward.place}>
        <span className="top-reward__place" data-testid="top-reward-place">
          {t('top.rewardPlace', { place: reward.place })}
        </span>
        <p className="top-reward__text">{t('top.rewardText', { place: reward.place, name: reward.name })}</p>
        <div className="top-reward__drop" style={{ '--rarity': drop.rarityColor } as CSSProperties} data-testid="top-reward-drop">
          <TopImage src={drop.image} className="top-reward__img" width={180} height={135} />
          <b className="top-reward__name">{drop.name}</b>
          <Money value={drop.price} />
        </div>
        <button
          type="button"
          className="btn btn--accent btn--l"
          data-testid="top-reward-inventory"
          onClick={() => {
            onClose();
            void navigate(to('/profile'));
          }}
        >
          {t('top.toInventory')}
        </button>
      </div>
    </Dialog>
  );
}
