import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useGenerateLevel } from '../api/generate-level.ts';

/**
 * A new player's starting level (spec §4 Level): offered while it was never generated; the
 * server counts the first deposit as experience, once. Before any deposit it says to top up.
 */
export function StartLevel() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const alert = useAlert();
  const generate = useGenerateLevel();
  const onClick = () =>
    generate.mutate(undefined, {
      onSuccess: (res) => alert.success(t('daily.startLevelDone', { n: res.levels.userLevel, exp: res.generatedExp })),
      onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.generic')),
    });
  const needsDeposit = generate.error instanceof ApiError && generate.error.code === 'level_generation_needs_deposit';
  return (
    <section className="start-level" data-testid="start-level">
      <div>
        <b>{t('daily.startLevelTitle')}</b>
        <p className="muted">{t('daily.startLevelText')}</p>
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
