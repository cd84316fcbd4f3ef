import { Coins } from '#app/components/event-coin.tsx';
import { usePersonalProgress } from '../api/get-personal-progress.ts';
import './personal-progress.css';
import { useT } from '#app/lib/use-t.ts';

/** On an event case's page: how often this player opened it and the event coins it gave them. */
export function PersonalProgress({ caseName }: { caseName: string }) {
  const t = useT();
  const progress = usePersonalProgress(caseName);
  if (!progress.data) return null;
  return (
    <p className="event-progress" data-testid="event-progress">
      <b>{t('event.progress.title')}:</b> <span data-testid="event-progress-opened">{t('event.progress.opened', { count: progress.data.opened })}</span>
      <span aria-hidden="true"> · </span>
      <span data-testid="event-progress-coins">
        {t('event.progress.coins')} <Coins value={progress.data.coinsEarned} />
      </span>
    </p>
  );
}
