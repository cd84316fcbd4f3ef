import type { CSSProperties } from 'react';
import { Coins } from '#app/components/event-coin.tsx';
import type { PassProgressView } from '../utils/event-view.ts';
import { useT } from '#app/lib/use-t.ts';

/** The bar of coins earned towards the next level, in the pass's gradient. */
export function PassProgress({ view, gradient }: { view: PassProgressView; gradient: string }) {
  const t = useT();
  return (
    <section className="pass-progress" data-testid="pass-progress" data-level={view.level ?? ''} data-percent={Math.round(view.percent)}>
      <div className="pass-progress__head">
        <span>
          {view.finished ? t('event.finished') : view.level !== null ? t('event.toLevel', { level: view.level }) : t('event.earned')}
        </span>
        <span className="pass-progress__coins" data-testid="pass-coins" data-value={view.coins}>
          <Coins value={view.coins} />
          {!view.finished && view.level !== null && (
            <>
              <span className="muted">/</span>
              <Coins value={view.to} />
            </>
          )}
        </span>
      </div>
      <div className="pass-progress__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(view.percent)}>
        <span style={{ width: `${view.percent}%`, '--pass-gradient': gradient } as CSSProperties} />
      </div>
    </section>
  );
}
