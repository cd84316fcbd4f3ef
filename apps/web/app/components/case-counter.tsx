import { quantityCounter } from '@store/shared/case-counter';
import { useT } from '#app/lib/use-t.ts';

/** What is left of a limited case: a bar and "left of total", red when a tenth or less is left. */
export function CaseCounterBar({ total, left, className }: { total: number | null; left: number | null; className: string }) {
  const t = useT();
  const counter = quantityCounter(total, left);
  if (!counter) return null;
  return (
    <span className={`${className}${counter.low ? ` ${className}--low` : ''}`} title={t('case.left', { n: counter.left })} data-testid="case-counter" data-low={counter.low}>
      <span className="bar">
        <span style={{ width: `${counter.percent}%` }} />
      </span>
      <small>{t('case.leftShort', { n: counter.left, total: counter.total })}</small>
    </span>
  );
}
