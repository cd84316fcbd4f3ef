import { Link } from 'react-router';
import { useAlert } from '#app/components/alerts.tsx';
import { ALERT_CODES } from '#app/lib/alert-codes.ts';
import { ApiError } from '#app/lib/api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useGenerateLevel } from '../api/generate-level.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * A new player's starting level (spec §4 Level): offered while it was never generated; the
 * server counts the first deposit as experience, once. Before any deposit the call can only be
 * refused, so there is no button: it says a top-up unlocks it and links there.
 * The alerts of §8: `level_generation` as the call is made, `error_generation` (with the reason,
 * when the server gave one) if it fails.
 */
export function StartLevel({ firstDepositMade }: { firstDepositMade: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const alert = useAlert();
  const generate = useGenerateLevel();
  const onClick = () => {
    alert.code('level_generation');
    generate.mutate(undefined, {
      onSuccess: (res) => alert.success(t('daily.startLevelDone', { n: res.levels.userLevel, exp: res.generatedExp })),
      onError: (e) => (e instanceof ApiError ? alert.error(e.message, t(ALERT_CODES.error_generation.key)) : alert.code('error_generation')),
    });
  };
  const needsDeposit = !firstDepositMade || (generate.error instanceof ApiError && generate.error.code === 'level_generation_needs_deposit');
  return (
    <section className="start-level" data-testid="start-level">
      <div>
        <b>{t('daily.startLevelTitle')}</b>
        <p className="muted" data-testid="start-level-text">
          {t(needsDeposit ? 'daily.startLevelNeedsDeposit' : 'daily.startLevelText')}
        </p>
      </div>
      {needsDeposit ? (
        <Link to={to('/refill')} className="btn btn--accent btn--m" data-testid="start-level-refill">
          {t('daily.topUp')}
        </Link>
      ) : (
        <button type="button" className="btn btn--secondary btn--m" onClick={onClick} disabled={generate.isPending} data-testid="start-level-generate">
          {t('daily.startLevelButton')}
        </button>
      )}
    </section>
  );
}
