import { useEffect, type CSSProperties } from 'react';
import { useLatest } from '#app/lib/use-latest.ts';
import { UPGRADE_WHEEL_MS } from '@store/shared/reveal';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

const TURNS = 4;
const R = 92;
const C = 2 * Math.PI * R;

/**
 * The upgrade wheel: the winning arc is the chance (from the top clockwise, or ending at the top
 * when reversed); the pointer turns a few times and stops at the ticket the server rolled,
 * ticket / 100000 of a full turn, so it lands inside the arc exactly when the upgrade won.
 */
export function UpgradeWheel({
  chance,
  reversed,
  ticket,
  onDone,
}: {
  chance: number;
  reversed: boolean;
  ticket: number | null;
  onDone?: () => void;
}) {
  const t = useT();
  const figure = useFigure();
  const done = useLatest(onDone);
  useEffect(() => {
    if (ticket === null) return;
    const timer = setTimeout(() => done.current?.(), UPGRADE_WHEEL_MS + 100);
    return () => clearTimeout(timer);
  }, [ticket, done]);

  const share = Math.max(0, Math.min(100, chance)) / 100;
  const arc = share * C;
  // SVG circles start at 3 o'clock; the group is turned so the arc starts at 12.
  const offset = reversed ? -(C - arc) : 0;
  const angle = ticket === null ? 0 : TURNS * 360 + (ticket / 100_000) * 360;
  const pointer = { transform: `rotate(${angle}deg)`, transitionDuration: ticket === null ? '0ms' : `${UPGRADE_WHEEL_MS}ms` } as CSSProperties;
  return (
    <div className="wheel" data-testid="upgrade-wheel">
      <svg viewBox="0 0 220 220" className="wheel__svg" aria-hidden="true">
        <defs>
          <linearGradient id="wheel-win" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#3ddc8a" />
            <stop offset="1" stopColor="#1fa463" />
          </linearGradient>
        </defs>
        <circle cx="110" cy="110" r="104" fill="#141826" stroke="#2e3550" strokeWidth="2" />
        <g transform="rotate(-90 110 110)">
          <circle cx="110" cy="110" r={R} fill="none" stroke="#262c42" strokeWidth="16" />
          <circle
            cx="110"
            cy="110"
            r={R}
            fill="none"
            stroke="url(#wheel-win)"
            strokeWidth="16"
            strokeDasharray={`${arc} ${C}`}
            strokeDashoffset={offset}
            className="wheel__arc"
          />
        </g>
        {Array.from({ length: 40 }, (_, i) => (
          <line key={i} x1="110" y1="8" x2="110" y2={i % 5 === 0 ? 16 : 12} stroke="#3a4260" strokeWidth="2" transform={`rotate(${i * 9} 110 110)`} />
        ))}
      </svg>
      <div className="wheel__pointer" style={pointer} aria-hidden="true">
        <span />
      </div>
      <div className="wheel__center">
        <b data-testid="upgrade-chance">{figure(chance, 3)}%</b>
        <small>{t('upgrade.chance')}</small>
      </div>
    </div>
  );
}
