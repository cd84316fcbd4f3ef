import type { BattleMode } from '@store/shared/battle';
import { Money } from '#app/components/money.tsx';
import { useT } from '#app/lib/use-t.ts';
import type { PickableCase } from './case-picker.tsx';
import { ModePicker } from './mode-picker.tsx';
import { Picture } from '#app/components/picture.tsx';

export interface CartLine {
  case: PickableCase;
  count: number;
}

/**
 * The battle being made: the chosen cases with their counts, the rounds against the limit,
 * the mode, the entry price every seat pays and the pot; then Create.
 */
export function BattleCart({
  lines,
  rounds,
  maxRounds,
  mode,
  price,
  seats,
  busy,
  onMode,
  onCount,
  onClear,
  onCreate,
}: {
  lines: CartLine[];
  rounds: number;
  maxRounds: number;
  mode: BattleMode;
  price: number;
  seats: number;
  busy: boolean;
  onMode: (m: BattleMode) => void;
  onCount: (slug: string, count: number) => void;
  onClear: () => void;
  onCreate: () => void;
}) {
  const t = useT();
  const full = Math.min(100, (rounds / maxRounds) * 100);
  return (
    <aside className="battle-cart" data-testid="battle-cart">
      <div className="battle-cart__head">
        <h2>{t('battles.selected')}</h2>
        {lines.length > 0 && (
          <button type="button" className="link-button" onClick={onClear}>
            {t('battles.clear')}
          </button>
        )}
      </div>
      {lines.length === 0 ? (
        <p className="empty empty--small battle-cart__empty">{t('battles.pickCases')}</p>
      ) : (
        <ul className="battle-cart__lines">
          {lines.map((l) => (
            <li key={l.case.slug} data-testid="battle-cart-line">
              <Picture src={l.case.image} alt="" width={44} height={44} />
              <span className="battle-cart__name">
                {l.case.name}
                <Money value={l.case.price} />
              </span>
              <span className="stepper">
                <button type="button" onClick={() => onCount(l.case.slug, l.count - 1)} aria-label={t('battles.less')}>
                  −
                </button>
                <b data-testid="battle-cart-count">{l.count}</b>
                <button type="button" onClick={() => onCount(l.case.slug, l.count + 1)} aria-label={t('battles.more')} data-testid="battle-cart-more">
                  +
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="battle-cart__rounds">
        <span data-testid="battle-rounds">{t('battles.roundsCount', { n: rounds, max: maxRounds })}</span>
        <span className="bar">
          <span style={{ width: `${full}%` }} />
        </span>
      </div>
      <div className="field">
        <span className="field__label">{t('battles.mode')}</span>
        <ModePicker value={mode} onChange={onMode} />
      </div>
      <dl className="battle-cart__sum">
        <div>
          <dt>{t('battles.perSeat')}</dt>
          <dd data-testid="battle-price" data-value={price}>
            <Money value={price} />
          </dd>
        </div>
        <div>
          <dt>{t('battles.total')}</dt>
          <dd>
            <Money value={Math.round(price * seats * 100) / 100} />
          </dd>
        </div>
      </dl>
      <button type="button" className="btn btn--accent btn--l" disabled={!lines.length || busy} onClick={onCreate} data-testid="battle-create">
        {t('battles.create')}
      </button>
    </aside>
  );
}
