import { VOLATILITY_LETTERS, type Volatility } from '@store/shared/constants';
import { useT } from '#app/lib/use-t.ts';

/** Volatility 1-4 shown as L, M, H, E (spec §9). */
export function VolatilityBadge({ level }: { level: number }) {
  const t = useT();
  const letter = VOLATILITY_LETTERS[level as Volatility] ?? 'M';
  return (
    <span className={`volatility volatility--${letter}`} title={t(`volatility.${letter}`)}>
      {Array.from({ length: 4 }, (_, i) => (
        <i key={i} className={i < level ? 'on' : ''} />
      ))}
      <b>{letter}</b>
    </span>
  );
}
