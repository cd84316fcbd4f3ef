import { countdownParts, TIMER_UNITS, twoDigits } from '@store/shared/format/timer';
import { useSecondsLeft } from '#app/lib/use-seconds-left.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The time to the event's end: days, hours, minutes and seconds with their plural labels,
 * counted from the server's seconds and the moment they arrived; "ended" at zero.
 */
export function EventTimer({ endsIn, arrivedAt }: { endsIn: number; arrivedAt: number }) {
  const t = useT();
  const left = useSecondsLeft(endsIn, arrivedAt);
  if (left <= 0) {
    return (
      <span className="event-timer event-timer--ended" data-testid="event-timer" data-ended="true">
        {t('event.ended')}
      </span>
    );
  }
  const parts = countdownParts(left);
  return (
    <span className="event-timer" data-testid="event-timer" data-ended="false" aria-label={t('event.endsIn')}>
      {TIMER_UNITS.map((unit) => (
        <span key={unit} className="event-timer__unit" data-unit={unit}>
          <b>{twoDigits(parts[unit])}</b>
          <small>{t(`timer.${unit}`, { count: parts[unit] })}</small>
        </span>
      ))}
    </span>
  );
}
