import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/daily-cases';
import { getDailyCases, useDailyCases } from '#app/features/daily-cases/api/get-daily-cases.ts';
import { DailyCaseCard } from '#app/features/daily-cases/components/daily-case-card.tsx';
import { DailyInfo } from '#app/features/daily-cases/components/daily-info.tsx';
import { LevelProgress } from '#app/features/daily-cases/components/level-progress.tsx';
import { NotificationPreferences } from '#app/features/daily-cases/components/notification-preferences.tsx';
import { FreeOpenings } from '#app/features/daily-cases/components/free-openings.tsx';
import { StartLevel } from '#app/features/daily-cases/components/start-level.tsx';
import { XpDialog } from '#app/features/daily-cases/components/xp-dialog.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useFlag } from '#app/lib/use-flag.ts';
import '#app/features/daily-cases/daily-cases.css';
import { useT } from '#app/lib/use-t.ts';

/** /daily-cases: the level cases, one free opening a day each once the player's level reaches them. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { daily: await getDailyCases(api.call) };
}

export default function DailyCases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  // Gifted free openings are the free-cases feature (spec §1 flag); the daily ladder is not.
  const freeCases = useFlag('freeCases');
  const { openDialog } = useUiState();
  const daily = useDailyCases(loaderData.daily);
  const [params, setParams] = useSearchParams();
  const { refetch } = daily;
  const onExpire = useCallback(() => void refetch(), [refetch]);
  const ladder = daily.data;

  // Spec §2: ?show_xp_modal=true opens the experience popup; closing it drops the parameter.
  const showXp = params.get('show_xp_modal') === 'true';
  const xpParams = new URLSearchParams(params);
  xpParams.set('show_xp_modal', 'true');
  const closeXp = () => {
    const next = new URLSearchParams(params);
    next.delete('show_xp_modal');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const nextRef = me?.levels.nextLevelCaseData;
  const next = nextRef ? ladder.cases.find((c) => c.link === nextRef.link) : ladder.cases.find((c) => c.level > ladder.userLevel);

  return (
    <div className="page daily-page">
      <div className="page-head">
        <h1>{t('daily.title')}</h1>
        <p className="muted">{t('daily.subtitle')}</p>
      </div>
      {/* Where a reminder letter's unsubscribe link lands: the player sees it took. */}
      {params.get('unsubscribed') === 'email' && (
        <p className="daily-notice" role="status" data-testid="daily-unsubscribed">
          {t('daily.unsubscribedEmail')}
        </p>
      )}
      {me ? (
        <LevelProgress levels={me.levels} xpLink={`?${xpParams}`} />
      ) : (
        <section className="daily-guest" data-testid="daily-guest">
          <div>
            <b>{t('daily.guestTitle')}</b>
            <p className="muted">{t('daily.guestText')}</p>
          </div>
          <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('register')} data-testid="daily-sign-in">
            {t('header.signIn')}
          </button>
        </section>
      )}
      {me && <DailyInfo />}
      {me && freeCases && <FreeOpenings />}
      {me && !me.levels.wasGeneratedLvl && <StartLevel firstDepositMade={me.levels.firstDepositMade} />}
      <div className="daily-grid" data-testid="daily-ladder">
        {ladder.cases.map((c) => (
          <DailyCaseCard
            key={c.id}
            item={c}
            arrivedAt={daily.dataUpdatedAt}
            depositDays={ladder.depositRule.days}
            onExpire={onExpire}
            onSignIn={me ? undefined : () => openDialog('register')}
          />
        ))}
      </div>
      {me && <NotificationPreferences />}
      {showXp && (
        <XpDialog
          nextCase={next ? { name: next.name, level: next.level } : null}
          expToNext={me ? me.levels.expToNextLevel : null}
          onClose={closeXp}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
