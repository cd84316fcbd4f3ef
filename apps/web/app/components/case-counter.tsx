import { useEffect, useState } from 'react';
import { quantityCounter, timeCounter } from '@store/shared/case-counter';
import { formatCountdown } from '@store/shared/format/countdown';
import { useT } from '#app/lib/use-t.ts';

/** The window a case is sold in, as the catalogue sends it (spec §4 time counter). */
export interface CaseTimer {
  startsAt: string;
  endsAt: string;
}

/**
 * What is left of a case (spec §4): the time of a case sold within a window, else the opens of a
 * limited case; a bar and the figure, red when a tenth or less is left.
 */
export function CaseCounterBar({
  total,
  left,
  timer,
  className,
}: {
  total: number | null;
  left: number | null;
  timer?: CaseTimer | null;
  className: string;
}) {
  if (timer) return <CaseTimeBar timer={timer} className={className} />;
  return <CaseQuantityBar total={total} left={left} className={className} />;
}

function CaseQuantityBar({ total, left, className }: { total: number | null; left: number | null; className: string }) {
  const t = useT();
  const counter = quantityCounter(total, left);
  if (!counter) return null;
  return (
    <span
      className={`${className}${counter.low ? ` ${className}--low` : ''}`}
      title={t('case.left', { n: counter.left })}
      data-testid="case-counter"
      data-kind="quantity"
      data-low={counter.low}
    >
      <span className="bar">
        <span style={{ width: `${counter.percent}%` }} />
      </span>
      <small>{t('case.leftShort', { n: counter.left, total: counter.total })}</small>
    </span>
  );
}

/** Counts down live from the first paint in the browser; the server render leaves it out, since its clock is not the player's. */
function CaseTimeBar({ timer, className }: { timer: CaseTimer; className: string }) {
  const t = useT();
  const [now, setNow] = useState<number | null>(null);
  const endsAt = Date.parse(timer.endsAt);
  const over = now !== null && now >= endsAt;
  useEffect(() => {
    const read = () => setNow(Date.now());
    const first = setTimeout(read, 0);
    // Twice a second, so the shown second changes within half a second of the real one.
    const tick = over ? undefined : setInterval(read, 500);
    return () => {
      clearTimeout(first);
      clearInterval(tick);
    };
  }, [over, endsAt]);
  const counter = now === null ? null : timeCounter(Date.parse(timer.startsAt), endsAt, now);
  if (!counter) return null;
  const days = Math.floor(counter.secondsLeft / 86_400);
  const clock = formatCountdown(counter.secondsLeft % 86_400);
  const text = days > 0 ? t('case.timeLeftDays', { d: days, time: clock }) : clock;
  return (
    <span
      className={`${className}${counter.low ? ` ${className}--low` : ''}`}
      title={t('case.timeLeft', { time: text })}
      data-testid="case-counter"
      data-kind="time"
      data-low={counter.low}
    >
      <span className="bar">
        <span style={{ width: `${counter.percent}%` }} />
      </span>
      <small>
        <time dateTime={timer.endsAt}>{text}</time>
      </small>
    </span>
  );
}
