import type { AnimationEvent } from 'react';
import type { CellView } from '../utils/cells.ts';
import { GemIcon, MineIcon } from './techies-icons.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * The 5×5 field. A sent cell turns its closed face away (`techies-turn`); when that ends the page
 * may show the answer, which turns in (`techies-turn-in`). The mine that ended a game explodes
 * (`techies-boom`); when that ends the layout is revealed.
 */
export function TechiesBoard({
  cells,
  onOpen,
  onTurned,
  onExploded,
}: {
  cells: CellView[];
  onOpen: (cell: number) => void;
  onTurned: (cell: number) => void;
  onExploded: () => void;
}) {
  const t = useT();
  const ended = (cell: number) => (e: AnimationEvent) => {
    if (e.animationName === 'techies-turn') onTurned(cell);
    else if (e.animationName === 'techies-boom') onExploded();
  };
  return (
    <div className="techies-board" data-testid="techies-board">
      {cells.map((c) => (
        <button
          key={c.index}
          type="button"
          className={`techies-cell techies-cell--${c.state}${c.turning ? ' is-turning' : ''}${c.waiting ? ' is-waiting' : ''}`}
          data-testid="techies-cell"
          data-cell={c.index}
          data-state={c.state}
          disabled={!c.clickable}
          aria-label={t(`techies.cell.${c.state}`, { n: c.index + 1 })}
          onClick={() => onOpen(c.index)}
          onAnimationEnd={ended(c.index)}
        >
          {/* A new face per state, so each change plays its animation from the start. */}
          <span
            key={c.state}
            className="techies-cell__face"
            style={
              c.state.startsWith('revealed') ? { animationDelay: `${(c.index % 5) * 40 + Math.floor(c.index / 5) * 40}ms` } : undefined
            }
          >
            {(c.state === 'safe' || c.state === 'revealed-safe') && <GemIcon />}
            {(c.state === 'mine' || c.state === 'revealed-mine') && <MineIcon blast={c.state === 'mine'} />}
          </span>
        </button>
      ))}
    </div>
  );
}
