import { Money } from '#app/components/money.tsx';
import type { TechiesGameData } from '../api/get-techies-game.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';


/**
 * Above the board: while playing, the multiplier now, the next cell's and what cashing out pays;
 * once the game is over, the result in large (won and how much, or lost) with "play again".
 */
export function TechiesStatus({
  game,
  over,
  multiplier,
  next,
  payout,
  onAgain,
}: {
  game: TechiesGameData | null;
  over: boolean;
  multiplier: number;
  next: number | null;
  payout: number;
  onAgain: () => void;
}) {
  const t = useT();
  const figure = useFigure();
  const times = (m: number, digits: number) => `×${figure(m, digits)}`;
  if (game && over) {
    const won = game.state === 'cashed';
    return (
      <div
        className={`techies-result techies-result--${won ? 'won' : 'lost'}`}
        data-testid="techies-result"
        data-outcome={won ? 'won' : 'lost'}
      >
        <div className="techies-result__text">
          <b>{won ? t('techies.result.won') : t('techies.result.lost')}</b>
          {won ? (
            <span className="techies-result__amount" data-testid="techies-payout" data-value={game.payout ?? 0}>
              <Money value={game.payout ?? 0} />
              <small>{times(game.multiplier, 2)}</small>
            </span>
          ) : (
            <span className="muted">{t('techies.result.lostText')}</span>
          )}
        </div>
        <button type="button" className="btn btn--accent btn--m" onClick={onAgain} data-testid="techies-again">
          {t('techies.again')}
        </button>
      </div>
    );
  }
  return (
    <dl className="techies-meter" data-testid="techies-meter">
      <div>
        <dt>{t('techies.multiplier')}</dt>
        <dd data-testid="techies-multiplier" data-value={multiplier}>
          {times(multiplier, 2)}
        </dd>
      </div>
      <div>
        <dt>{t('techies.next')}</dt>
        <dd data-testid="techies-next" data-value={next ?? ''}>
          {next === null ? '—' : times(next, 2)}
        </dd>
      </div>
      <div>
        <dt>{t('techies.potential')}</dt>
        <dd data-testid="techies-potential" data-value={payout}>
          <Money value={payout} />
        </dd>
      </div>
    </dl>
  );
}
