import { formatAmount } from '@store/shared/money';
import { useLang } from '#app/lib/use-lang.ts';

/** The site currency's gold coin (spec §9: GOLD shows a gold-coin icon). */
export function CoinIcon({ size = 16 }: { size?: number }) {
  return (
    <svg className="coin-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <defs>
        <linearGradient id="coin-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="1" stopColor="#d89a1c" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill="url(#coin-g)" />
      <circle cx="12" cy="12" r="7.5" fill="none" stroke="#b37a10" strokeWidth="1.6" />
      <path d="M12 7.6l1.3 2.7 3 .4-2.2 2.1.5 3-2.6-1.4-2.6 1.4.5-3-2.2-2.1 3-.4z" fill="#9a6608" />
    </svg>
  );
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
