import { openCounts } from '@store/shared/open-counts';
import { Price } from '#app/components/event-coin.tsx';
import type { CaseDetailData } from '../api/get-case.ts';
import { VolatilityBadge } from './volatility-badge.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The case before opening: art, how many to open, the fast option and the open button. */
export function OpenPanel({
  detail,
  free = false,
  count,
  onCount,
  fast,
  onFast,
  signedIn,
  busy,
  onOpen,
}: {
  detail: CaseDetailData;
  /** A level case: one opening at a time, for nothing. */
  free?: boolean;
  count: number;
  onCount: (n: number) => void;
  fast: boolean;
  onFast: (fast: boolean) => void;
  signedIn: boolean;
  busy: boolean;
  onOpen: () => void;
}) {
  const t = useT();
  const counts = free ? [1] : openCounts({ multifixNumber: detail.multifixNumber, multicastRange: detail.multicastData?.range ?? null, maxMultiOpen: detail.maxMultiOpen });
  const { opensLimit, opensRemaining } = detail.statisticData;
  return (
    <div className="open-panel">
      <Picture className="open-panel__img" src={detail.appearanceData.image} alt="" width={220} height={220} priority />
      <div className="open-panel__meta">
        <VolatilityBadge level={detail.volatility} />
        {opensLimit != null && opensRemaining != null && <span className="pill">{t('case.leftShort', { n: opensRemaining, total: opensLimit })}</span>}
        {detail.everyNOpensFree && <span className="pill">{t('label.freeEvery', { n: detail.everyNOpensFree })}</span>}
      </div>
      {detail.available ? (
        <>
          {counts.length > 1 && (
            <div className="segmented" role="radiogroup" aria-label={t('case.howMany')}>
              {counts.map((n) => (
                <button key={n} type="button" role="radio" aria-checked={n === count} className={n === count ? 'on' : ''} onClick={() => onCount(n)} data-testid={`count-${n}`}>
                  x{n}
                </button>
              ))}
            </div>
          )}
          <div className="open-panel__actions">
            <button type="button" className="btn btn--accent btn--l open-button" disabled={busy} onClick={onOpen} data-testid="open-case">
              {signedIn && free ? (
                t('case.openFree')
              ) : signedIn ? (
                <>
                  {t('case.openFor')} <Price value={detail.priceData.price * count} currency={detail.priceData.currency} />
                </>
              ) : (
                t('case.signInToOpen')
              )}
            </button>
            <label className="switch">
              <input type="checkbox" checked={fast} onChange={(e) => onFast(e.target.checked)} data-testid="fast-open" />
              <span>{t('case.fast')}</span>
            </label>
          </div>
        </>
      ) : (
        <p className="pill pill--danger">{t('case.unavailable')}</p>
      )}
    </div>
  );
}
