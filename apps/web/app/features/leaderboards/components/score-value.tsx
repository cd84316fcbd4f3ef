import { useTranslation } from 'react-i18next';
import { isMoneyScore, type LeaderboardType } from '@store/shared/leaderboards';
import { Money } from '#app/components/money.tsx';

/** What a board counts, as it reads: money for spent and won, "3 cases" or "2 wins" otherwise. */
export function ScoreValue({ type, value, testId }: { type: LeaderboardType; value: number; testId?: string }) {
  const { t } = useTranslation();
  if (isMoneyScore(type)) {
    return (
      <span data-testid={testId} data-value={value}>
        <Money value={value} />
      </span>
    );
  }
  return (
    <span className="top-count" data-testid={testId} data-value={value}>
      {t(`top.count.${type}`, { count: value })}
    </span>
  );
}
