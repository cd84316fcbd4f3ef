import { TIMER_UNITS, twoDigits } from '@store/shared/format/timer';
import { endedRange } from '@store/shared/leaderboards';
import { timerView } from '../utils/leaderboard-view.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * A board's timer (spec §3): days, hours, minutes and seconds, two digits each with the unit's
 * plural under it; once over, "ended" and the period the board ran.
 */
export function LeaderboardTimer({
  dates,
  endsIn,
  arrivedAt,
  status,
  now,
}: {
  dates: { start: string; end: string };
  endsIn: number;
  arrivedAt: number;
  status: string;
  now: number;
}) {
  const t = useT();
  const view = timerView(endsIn, arrivedAt, status, now);
  if (view.ended) {
    return (
      <span className="top-timer top-timer--ended" data-testid="top-timer" data-ended="true">
        <b>{t('top.ended')}</b>
        <span className="top-timer__range">{endedRange(dates.start, dates.end)}</span>
      </span>
    );
  }
  return (
    <span className="top-timer" data-testid="top-timer" data-ended="false" aria-label={t('top.endsIn')}>
      {TIMER_UNITS.map((unit) => (
        <span key={unit} className="top-timer__unit" data-unit={unit}>
          <b>{twoDigits(view.parts[unit])}</b>
          <small>{t(`timer.${unit}`, { count: view.parts[unit] })}</small>
        </span>
      ))}
    </span>
  );
}
