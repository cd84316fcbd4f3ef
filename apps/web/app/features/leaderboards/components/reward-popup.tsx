import { useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOP_REWARD_EVENT } from '@store/shared/channels';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useUserChannel } from '#app/lib/use-user-channel.ts';
import { useTopRewards, type TopRewardData } from '../api/get-top-rewards.ts';
import { useMarkRewardSeen } from '../api/mark-reward-seen.ts';
import { TopImage } from './top-image.tsx';

/**
 * The leaderboard reward popup (spec §2 overlays): a signed-in player who won a board's prize sees
 * it once, on the next page load or the moment the board closes (`top_reward` on their private
 * channel). One popup per prize; closing it tells the server it was seen, so it never returns.
 * Guests never ask and never see it.
 */
export function RewardPopup() {
  const me = useMe();
  const userId = me?.userId ?? null;
  const rewards = useTopRewards(userId);
  const seen = useMarkRewardSeen();
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const { refetch } = rewards;
  // The event says a prize was paid; the list is the truth of what is still unseen.
  const live = useUserChannel(userId, TOP_REWARD_EVENT, () => void refetch());

  const reward = userId ? rewards.data?.find((r) => !closed.has(r.id)) : undefined;
  // Says when the prize news can arrive (the browser tests wait on it, as on the live ribbon's).
  if (!reward) return userId ? <span hidden data-testid="top-reward-listener" data-live={live ? 'on' : 'off'} /> : null;
  const close = () => {
    setClosed((c) => new Set(c).add(reward.id));
    // Not seen on the server (a dropped call) only means the popup comes back once more.
    seen.mutate(reward.id);
  };
  return <RewardDialog key={reward.id} reward={reward} onClose={close} />;
}

function RewardDialog({ reward, onClose }: { reward: TopRewardData; onClose: () => void }) {
  const { t } = useTranslation();
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
