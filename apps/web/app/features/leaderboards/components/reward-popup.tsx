import { useState } from 'react';
import { TOP_REWARD_EVENT } from '@store/shared/channels';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useUserChannel } from '#app/lib/use-user-channel.ts';
import { useTopRewards } from '../api/get-top-rewards.ts';
import { useMarkRewardSeen } from '../api/mark-reward-seen.ts';

// Shown once per prize won: fetched then, not with every page.
const RewardDialog = lazyPart(() => import('./reward-dialog.tsx').then((m) => m.RewardDialog));

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
