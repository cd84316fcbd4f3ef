import { isMoneyScore, type LeaderboardType } from '@store/shared/leaderboards';
import { Money } from '#app/components/money.tsx';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

/** What a board counts, as it reads: money for spent and won, "3 cases" or "2 wins" otherwise. */
export function ScoreValue({ type, value, testId }: { type: LeaderboardType; value: number; testId?: string }) {
  const t = useT();
  const figure = useFigure();
  if (isMoneyScore(type)) {
    return (
      <span data-testid={testId} data-value={value}>
        <Money value={value} />
      </span>
    );
  }
  return (
    <span className="top-count" data-testid={testId} data-value={value}>
      {/* `count` picks the word, `n` is the number as the page writes it ("12 345 кейсов"). */}
      {t(`top.count.${type}`, { count: value, n: figure(value, 0) })}
    </span>
  );
}
