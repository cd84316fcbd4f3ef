import { CoinIcon } from '#app/components/money.tsx';
import { formatPrizeTotal } from '@store/shared/money';

/** A board's prize fund in whole units; the site currency (GOLD) shows its coin, others their code. */
export function PrizeAmount({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span className="money top-fund" data-testid="top-fund">
      {currency === 'GOLD' && <CoinIcon />}
      <span>{formatPrizeTotal(amount)}</span>
      {currency !== 'GOLD' && <span className="top-fund__currency">{currency}</span>}
    </span>
  );
}
