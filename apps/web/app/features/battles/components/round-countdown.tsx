import { useEffect, useState } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { useFigure } from '#app/lib/use-figure.ts';

/**
 * The time to the next round, counting down in tenths with a shrinking bar. The server's due
 * time is moved by the measured clock difference; nothing shows until the browser has a clock.
 */
export function RoundCountdown({ at, skew, roundMs, first }: { at: number; skew: number; roundMs: number; first: boolean }) {
  const t = useT();
  const figure = useFigure();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, []);
  const left = now === null ? roundMs : Math.max(0, at + skew - now);
  const share = Math.max(0, Math.min(1, left / Math.max(roundMs, 1)));
  return (
    <div className="countdown" data-testid="battle-countdown" aria-live="off">
      <span>{first ? t('battles.firstRound') : t('battles.nextRound')}</span>
      <b>{t('battles.seconds', { n: figure(left / 1000, 1) })}</b>
      <span className="countdown__bar">
        <span style={{ transform: `scaleX(${share})` }} />
      </span>
    </div>
  );
}
