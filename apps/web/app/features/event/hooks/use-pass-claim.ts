import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { meKey, useMe, useSetFinance } from '#app/lib/use-me.ts';
import { useClaimPassLevel, type PassClaimData } from '../api/claim-pass-level.ts';
import { battlePassKey, type BattlePassData, type PassLevelData } from '../api/get-battle-pass.ts';
import { InFlight } from '../utils/claim-gate.ts';
import { claimAllowed, levelState, withClaimed } from '../utils/event-view.ts';
import { useT } from '#app/lib/use-t.ts';

/** Refusals that mean the level is not (or no longer) claimable: the pass is read again. */
const STALE_CODES = new Set(['event_level_not_done', 'event_level_claimed', 'event_claims_closed', 'event_not_found']);

/**
 * Claiming pass levels (spec §4): a done level's claim goes out once (a second click while it is
 * in flight is ignored); on success the level turns received at once and the reward plays; when
 * the animation ends the wallet in the header moves and the player and `onPaid` (free cases) are
 * read again. The header never shows the reward before its animation has played.
 */
export function usePassClaim(onPaid?: () => void) {
  const t = useT();
  const me = useMe();
  const client = useQueryClient();
  const alert = useAlert();
  const setFinance = useSetFinance();
  const claim = useClaimPassLevel();
  const [gate] = useState(() => new InFlight<number>());
  const [claiming, setClaiming] = useState<ReadonlySet<number>>(new Set());
  const [reward, setReward] = useState<PassClaimData | null>(null);
  const userId = me?.userId ?? 0;
  const key = battlePassKey(userId);

  const start = (level: PassLevelData) => {
    if (!claimAllowed(level.level, !!me, levelState(level))) return;
    const n = level.level;
    void gate.run(n, async () => {
      setClaiming((s) => new Set(s).add(n));
      try {
        const res = await claim.mutateAsync(n);
        client.setQueryData<BattlePassData>(key, (p) => (p ? withClaimed(p, res.level) : p));
        setReward(res);
      } catch (e) {
        alert.error(e instanceof ApiError ? e.message : t('event.claimFailed'));
        if (e instanceof ApiError && e.code === 'event_level_claimed')
          client.setQueryData<BattlePassData>(key, (p) => (p ? withClaimed(p, n) : p));
        if (e instanceof ApiError && STALE_CODES.has(e.code)) void client.invalidateQueries({ queryKey: key });
      } finally {
        setClaiming((s) => {
          const next = new Set(s);
          next.delete(n);
          return next;
        });
      }
    });
  };

  // The reward has played: now the header, the player and what the reward unlocked move.
  const paid = useLatest(onPaid);
  const finish = () => {
    if (!reward) return;
    setReward(null);
    setFinance({ balance: reward.balance, coinBalance: reward.coinBalance });
    void client.invalidateQueries({ queryKey: meKey, exact: true });
    // Coins a level pays count as earned: the bar (and maybe the next level) moves now.
    void client.invalidateQueries({ queryKey: key });
    paid.current?.();
    // Spec §8's success toasts: a claimed case prize, a claimed gold (or coin) prize.
    const text =
      reward.prizeType === 'case'
        ? t('event.claimedCase')
        : reward.prizeType === 'money'
          ? t('event.claimedMoney')
          : t('event.claimedCoins', { count: reward.reward.coins });
    alert.success(text);
  };

  return { start, claiming, reward, finish };
}
