import { useEffect, useState } from 'react';
import { formatCountdown } from '@store/shared/format/countdown';
import { useDailyInfo } from '../api/get-daily-info.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The daily page's summary line for a signed-in player (spec §7 daily case info): the level cases
 * ready now out of those the level opens, or, with none ready, how long until the next one.
 */
export function DailyInfo() {
  const t = useT();
  const info = useDailyInfo(true);
  const [now, setNow] = useState(() => Date.now());
  const waiting = info.data && info.data.readyCount === 0 && info.data.nearestCaseTime !== null && info.data.nearestCaseTime > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  if (!info.data) return null;
  const { readyCount, availableCount, nearestCaseTime } = info.data;
  const left = nearestCaseTime === null ? null : Math.max(0, nearestCaseTime - Math.floor((now - info.dataUpdatedAt) / 1000));
  return (
    <p className="daily-info" data-testid="daily-info" data-ready={readyCount}>
      <b>{availableCount > 0 ? t('daily.info.ready', { ready: readyCount, available: availableCount }) : t('daily.info.none')}</b>
      {readyCount === 0 && left !== null && left > 0 && <span className="muted"> · {t('daily.info.next', { time: formatCountdown(left) })}</span>}
    </p>
  );
}
