import { formatCountdown } from '@store/shared/format/countdown';
import { useSecondsLeft } from '#app/lib/use-seconds-left.ts';

/**
 * Time left until a moment the store named (an ISO date), counted on this browser's clock from
 * when the answer arrived; `capSeconds` keeps a server clock ahead of ours from showing more than
 * the rule allows (the 5-minute withdrawal countdown). `hideWhenDone`: once it reaches zero the
 * moment is past, not due (a withdrawal waiting for a market's balance), so nothing is shown.
 */
export function Countdown({ until, arrivedAt, capSeconds, testId, hideWhenDone = false }: { until: string; arrivedAt: number; capSeconds?: number; testId?: string; hideWhenDone?: boolean }) {
  const raw = (Date.parse(until) - arrivedAt) / 1000;
  const readyIn = capSeconds === undefined ? raw : Math.min(raw, capSeconds);
  const left = useSecondsLeft(Number.isFinite(readyIn) ? readyIn : 0, arrivedAt);
  const text = formatCountdown(left);
  if (hideWhenDone && left <= 0) return null;
  return (
    <time className="time-left" data-testid={testId} data-left={left}>
      {left < 3600 ? text.slice(3) : text}
    </time>
  );
}
