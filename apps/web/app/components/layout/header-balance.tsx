import { useState } from 'react';
import { formatAmount, formatCompact } from '@store/shared/money';
import { CoinIcon } from '../money.tsx';
import { BALANCE_DELTA_MS, balanceView, stepBalanceView } from '#app/lib/balance-delta.ts';
import { useSaleAggregation } from '#app/lib/sale-aggregation.ts';
import { useLang } from '#app/lib/use-lang.ts';

/** From here the narrowest phones print the balance short. */
const COMPACT_FROM = 1_000;

/**
 * The header's balance with its short delta animations ("+12.50" floats up for about a second).
 * During a sale's aggregation (spec §4) money coming in is held and shown once when it ends.
 * `data-value` is always the store's balance; the printed one may lag behind it by the held part.
 */
export function HeaderBalance({ userId, balance }: { userId: number; balance: number }) {
  const lang = useLang();
  const aggregating = useSaleAggregation(userId);
  const [seen, setSeen] = useState({ balance, aggregating });
  const [view, setView] = useState(() => balanceView(balance));
  const [floats, setFloats] = useState<{ key: number; amount: number }[]>([]);
  // A new balance, or the aggregation moved: step the view during render (no effect, no flash).
  if (seen.balance !== balance || seen.aggregating !== aggregating) {
    setSeen({ balance, aggregating });
    const step = stepBalanceView(view, balance, aggregating);
    setView(step.view);
    const amount = step.delta;
    if (amount !== null) setFloats((list) => [...list.slice(-2), { key: step.view.seq, amount }]);
  }
  return (
    <span
      className={`wallet__balance${view.shown >= COMPACT_FROM ? ' wallet__balance--long' : ''}`}
      data-testid="balance"
      data-value={balance}
      data-shown={view.shown}
      data-aggregating={aggregating ? 'on' : 'off'}
    >
      <span className="money">
        <CoinIcon />
        <span className="wallet__full">{formatAmount(view.shown, { locale: lang })}</span>
        {/* The narrowest phones show a long balance as "14.6k" (the stylesheet picks), so the header never runs off the screen. */}
        {view.shown >= COMPACT_FROM && <span className="wallet__short">{formatCompact(view.shown, lang)}</span>}
      </span>
      {floats.map((f) => (
        <span
          key={f.key}
          className={`balance-float ${f.amount > 0 ? 'balance-float--up' : 'balance-float--down'}`}
          style={{ animationDuration: `${BALANCE_DELTA_MS}ms` }}
          onAnimationEnd={() => setFloats((list) => list.filter((x) => x.key !== f.key))}
          data-testid="balance-delta"
          aria-hidden="true"
        >
          {f.amount > 0 ? '+' : '−'}
          {formatAmount(Math.abs(f.amount), { locale: lang })}
        </span>
      ))}
    </span>
  );
}
