import { Money } from '#app/components/money.tsx';
import type { ContractPreviewData } from '../api/preview-contract.ts';
import { useT } from '#app/lib/use-t.ts';

/** The contract before signing: its value, the range it can return, and the possible items. */
export function ContractSummary({ stake, count, min, max, preview, loading }: { stake: number; count: number; min: number; max: number; preview: ContractPreviewData | undefined; loading: boolean }) {
  const t = useT();
  const missing = Math.max(0, min - count);
  return (
    <div className="contract-summary" data-testid="contract-summary">
      <div className="contract-summary__row">
        <span className="muted">{t('contract.stake')}</span>
        <Money value={stake} />
        <span className="pill">
          {count}/{max}
        </span>
      </div>
      {missing > 0 ? (
        <p className="muted">{t('contract.needMore', { n: missing })}</p>
      ) : preview ? (
        <div className={`contract-summary__range${loading ? ' is-stale' : ''}`} data-testid="contract-range">
          <span className="muted">{t('contract.range')}</span>
          <span>
            <Money value={preview.minValue} /> — <Money value={preview.maxValue} />
          </span>
          <small className="muted">{t('contract.rtp', { value: Math.round(preview.rtp * 100) })}</small>
        </div>
      ) : null}
    </div>
  );
}
