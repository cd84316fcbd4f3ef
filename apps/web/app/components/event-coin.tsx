import { useId, type CSSProperties } from 'react';
import { COIN_CURRENCY } from '@store/shared/constants';
import { formatAmount } from '@store/shared/money';
import { useCoinLook } from '#app/lib/coin-look-context.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { Money } from './money.tsx';

/** The event coin: the event's own icon, or the built-in one in the event's colour. */
export function EventCoinIcon({ size = 16 }: { size?: number }) {
  const look = useCoinLook();
  // A gradient id per icon, in characters a url(#...) reference takes.
  const id = `ec${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  if (look.icon) return <img className="event-coin-icon" src={look.icon} width={size} height={size} alt="" aria-hidden="true" />;
  return (
    <svg className="event-coin-icon" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <defs>
        <radialGradient id={id} cx=".35" cy=".3" r=".8">
          <stop offset="0" stopColor="#fff" stopOpacity=".85" />
          <stop offset=".35" stopColor={look.color} />
          <stop offset="1" stopColor={look.color} stopOpacity=".75" />
        </radialGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill={`url(#${id})`} />
      <circle cx="12" cy="12" r="7.6" fill="none" stroke="#fff" strokeOpacity=".55" strokeWidth="1.4" />
      <path d="M12 7.2l1.4 3 3.2.3-2.4 2.1.7 3.2-2.9-1.7-2.9 1.7.7-3.2-2.4-2.1 3.2-.3z" fill="#fff" fillOpacity=".9" />
    </svg>
  );
}

/** An amount of event coins (whole coins), with the coin, in the event's colour. */
export function Coins({ value, className, testId }: { value: number; className?: string; testId?: string }) {
  const lang = useLang();
  const { color } = useCoinLook();
  return (
    <span className={`coins ${className ?? ''}`} style={{ '--coin': color } as CSSProperties} data-testid={testId} data-value={value}>
      <EventCoinIcon />
      <span>{formatAmount(value, { locale: lang })}</span>
    </span>
  );
}

/** A case's price: event coins for a coin case (priced in TASTY_COIN), site currency otherwise. */
export function Price({ value, currency }: { value: number; currency: string }) {
  return currency === COIN_CURRENCY ? <Coins value={value} /> : <Money value={value} />;
}
