import { formatAmount } from '@store/shared/money';
import { useLang } from '#app/lib/use-lang.ts';

/**
 * The site currency's gold coin (spec §9: GOLD shows a gold-coin icon). One element drawn by the
 * stylesheet (`.coin-icon`): a price is on every card, and an inline drawing of eight nodes per
 * price made a case page's contents over a thousand elements to build and hydrate.
 */
export function CoinIcon({ size = 16 }: { size?: number }) {
  return <span className="coin-icon" style={{ width: size, height: size }} aria-hidden="true" />;
}

/** An amount in site currency with its icon. */
export function Money({ value, className }: { value: number; className?: string }) {
  const lang = useLang();
  return (
    <span className={`money ${className ?? ''}`}>
      <CoinIcon />
      <span>{formatAmount(value, { locale: lang })}</span>
    </span>
  );
}
