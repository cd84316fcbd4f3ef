import { useEffect, useRef, type CSSProperties } from 'react';
import { useLatest } from '#app/lib/use-latest.ts';
import type { PassClaimData } from '../api/claim-pass-level.ts';
import { PassReward } from './pass-reward.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The longest the reward may play before the wallet moves anyway (a tab in the background runs no animation). */
const FALLBACK_MS = 3000;
const SPARKS = 12;

/**
 * A claimed level's reward playing over the page: the prize pops out of a burst of sparks, then
 * `onDone` lets the header's wallet move. A click skips it.
 */
export function ClaimBurst({ reward, onDone }: { reward: PassClaimData; onDone: () => void }) {
  const t = useT();
  const done = useLatest(onDone);
  const finished = useRef(false);
  const finish = () => {
    if (finished.current) return;
    finished.current = true;
    done.current();
  };
  const latestFinish = useLatest(finish);
  useEffect(() => {
    const timer = setTimeout(() => latestFinish.current(), FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [latestFinish]);
  return (
    <div className="claim-burst" role="status" aria-live="polite" data-testid="claim-burst" data-level={reward.level} onClick={finish}>
      <div className="claim-burst__box" onAnimationEnd={(e) => e.target === e.currentTarget && finish()}>
        <span className="claim-burst__sparks" aria-hidden="true">
          {Array.from({ length: SPARKS }, (_, i) => (
            <i key={i} style={{ '--a': `${(360 / SPARKS) * i}deg` } as CSSProperties} />
          ))}
        </span>
        <b className="claim-burst__title">{t('event.claimedTitle', { level: reward.level })}</b>
        <PassReward reward={reward.reward} />
      </div>
    </div>
  );
}
