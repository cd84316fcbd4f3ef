import type { Shown } from '../utils/verify-outcome.ts';
import { useT } from '#app/lib/use-t.ts';

/** One side of a comparison: an item's name, a number or list, won or lost, or a dash. */
export function ResultValue({ value }: { value: Shown }) {
  const t = useT();
  if (!value) return <span className="muted">—</span>;
  if ('item' in value) return <span className="pf-item-name">{value.item}</span>;
  if ('won' in value) return <b className={value.won ? 'pf-won' : 'pf-lost'}>{value.won ? t('pf.check.won') : t('pf.check.lost')}</b>;
  return <span className="pf-num">{value.text}</span>;
}

/** ✓ or ✗ with its meaning for screen readers. */
export function Mark({ ok }: { ok: boolean }) {
  const t = useT();
  const label = ok ? t('pf.check.match') : t('pf.check.mismatch');
  return (
    <span className={`pf-mark ${ok ? 'pf-mark--ok' : 'pf-mark--bad'}`} role="img" aria-label={label} title={label}>
      {ok ? '✓' : '✗'}
    </span>
  );
}
