import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import type { MarketBalances } from '../api/market-balances.ts';
import { formatMoney } from '../utils/case-format.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The store's balance at each marketplace withdrawals buy from (decision 077), and a warning while
 * any is under the threshold: withdrawals it cannot pay wait in the queue until it is topped up.
 */
export function MarketBalancesCard({ balances }: { balances: MarketBalances }) {
  const t = useT();
  const lang = useLang();
  const low = balances.markets.filter((m) => m.low);
  // Roubles in the store's account at a market, not the store's coins: said with the sign.
  const roubles = (units: number) => `${formatMoney(units, lang)} ₽`;
  return (
    <section className="console-card" data-testid="market-balances">
      <h2>{t('admin.markets.title')}</h2>
      {low.length > 0 && (
        <p className="console-warning" role="alert" data-testid="market-balance-warning">
          {t('admin.markets.low', { markets: low.map((m) => m.market).join(', '), threshold: roubles(balances.warnBelow), count: balances.waiting })}
        </p>
      )}
      <ul className="market-balances">
        {balances.markets.map((m) => (
          <li key={m.market} className={m.low ? 'market-balances__row is-low' : 'market-balances__row'} data-testid="market-balance">
            <span className="market-balances__name">{m.market}</span>
            <strong>{m.balance === null ? t('admin.markets.noAnswer') : roubles(m.balance)}</strong>
            <span className="muted">{m.checkedAt ? t('admin.markets.checked', { at: formatDateTime(m.checkedAt, lang) }) : '—'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
