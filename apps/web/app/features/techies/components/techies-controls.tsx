import { formatAmount } from '@store/shared/money';
import { CoinIcon } from '#app/components/money.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { MINE_PRESETS, clampMines, formatStake, quickStake, type StakeLimits, type StakeProblem } from '../utils/stake.ts';
import { useT } from '#app/lib/use-t.ts';

/** The stake (typed, or by ½, ×2, min and max) and the number of mines (a stepper and presets). */
export function TechiesControls({
  stakeText,
  onStakeText,
  stake,
  problem,
  limits,
  mines,
  onMines,
  minMines,
  maxMines,
  locked,
}: {
  stakeText: string;
  onStakeText: (text: string) => void;
  stake: number | null;
  problem: StakeProblem | null;
  limits: StakeLimits | null;
  mines: number;
  onMines: (mines: number) => void;
  minMines: number;
  maxMines: number;
  /** A game is on: its stake and mines stay as they are. */
  locked: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const quick = (kind: 'half' | 'double' | 'min' | 'max') => limits && onStakeText(formatStake(quickStake(kind, stake, limits), lang));
  const setMines = (n: number) => onMines(clampMines(n, minMines, maxMines));
  return (
    <div className="techies-controls">
      <label className="field">
        <span className="field__label">{t('techies.stake')}</span>
        <span className="amount-input techies-stake">
          <CoinIcon size={18} />
          <input
            inputMode="decimal"
            value={stakeText}
            onChange={(e) => onStakeText(e.target.value)}
            disabled={locked}
            data-testid="techies-stake"
            aria-invalid={problem !== null && stakeText !== ''}
          />
        </span>
      </label>
      <div className="techies-quick" role="group" aria-label={t('techies.stake')}>
        {(['half', 'double', 'min', 'max'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn btn--secondary btn--s"
            onClick={() => quick(kind)}
            disabled={locked || !limits}
            data-testid={`techies-stake-${kind}`}
          >
            {t(`techies.quick.${kind}`)}
          </button>
        ))}
      </div>
      {problem && stakeText !== '' && limits && (
        <span className="form-error" data-testid="techies-stake-error">
          {t(`techies.problem.${problem}`, {
            min: formatAmount(limits.minStake, { locale: lang }),
            max: formatAmount(limits.maxStake, { locale: lang }),
          })}
        </span>
      )}
      <div className="field">
        <span className="field__label" id="techies-mines-label">
          {t('techies.mines')}
        </span>
        <div className="techies-mines" role="group" aria-labelledby="techies-mines-label">
          <button
            type="button"
            className="btn btn--secondary btn--m"
            onClick={() => setMines(mines - 1)}
            disabled={locked || mines <= minMines}
            aria-label={t('techies.fewer')}
          >
            −
          </button>
          <output className="techies-mines__count" data-testid="techies-mines" data-value={mines}>
            {mines}
          </output>
          <button
            type="button"
            className="btn btn--secondary btn--m"
            onClick={() => setMines(mines + 1)}
            disabled={locked || mines >= maxMines}
            aria-label={t('techies.more')}
          >
            +
          </button>
        </div>
        <div className="techies-presets">
          {MINE_PRESETS.filter((n) => n >= minMines && n <= maxMines).map((n) => (
            <button
              key={n}
              type="button"
              className={`btn btn--secondary btn--s${mines === n ? ' is-on' : ''}`}
              onClick={() => setMines(n)}
              disabled={locked}
              aria-pressed={mines === n}
              data-testid="techies-mines-preset"
              data-value={n}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
