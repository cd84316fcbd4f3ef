import { useEffect, useId, useRef, useState } from 'react';
import { VOLATILITY_LETTERS, type Volatility } from '@store/shared/constants';
import { useT } from '#app/lib/use-t.ts';
import './volatility.css';

/**
 * Volatility 1-4 shown as L, M, H, E (spec §9), a button that says what the letter means: a tap,
 * Enter or Space opens the name beside it (a hover's title never reached a phone); a tap
 * elsewhere or Escape closes it.
 */
export function VolatilityBadge({ level }: { level: number }) {
  const t = useT();
  const letter = VOLATILITY_LETTERS[level as Volatility] ?? 'M';
  const name = t(`volatility.${letter}`);
  const [open, setOpen] = useState(false);
  const tip = useId();
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <span className={`volatility volatility--${letter}${open ? ' is-open' : ''}`} ref={box}>
      <button
        type="button"
        className="volatility__button"
        aria-label={name}
        aria-expanded={open}
        aria-controls={tip}
        onClick={() => setOpen((o) => !o)}
        data-testid="volatility-button"
      >
        {Array.from({ length: 4 }, (_, i) => (
          <i key={i} className={i < level ? 'on' : ''} />
        ))}
        <b aria-hidden="true">{letter}</b>
      </button>
      <span className="volatility__tip" id={tip} role="tooltip" hidden={!open} data-testid="volatility-tip">
        {name}
      </span>
    </span>
  );
}
