import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Route } from './+types/event-battle-pass';
import { freeCasesKey } from '#app/features/daily-cases/api/get-free-cases.ts';
import { anyEventCasesKey } from '#app/features/event/api/get-event-cases.ts';
import { getBattlePass, useBattlePass } from '#app/features/event/api/get-battle-pass.ts';
import { anyCurrentEventKey } from '#app/features/event/api/get-current-event.ts';
import { ClaimBurst } from '#app/features/event/components/claim-burst.tsx';
import { PassLevelCard } from '#app/features/event/components/pass-level-card.tsx';
import { PassProgress } from '#app/features/event/components/pass-progress.tsx';
import { PassSlider } from '#app/features/event/components/pass-slider.tsx';
import { PassTasks } from '#app/features/event/components/pass-tasks.tsx';
import { RaffleSection } from '#app/features/event/components/raffle-section.tsx';
import { useEventOutlet } from '#app/features/event/hooks/use-event-outlet.ts';
import { usePassClaim } from '#app/features/event/hooks/use-pass-claim.ts';
import { focusLevelIndex, levelState, passProgressView, visibleTasks } from '#app/features/event/utils/event-view.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * /event/battle-pass (spec §2): the levels in a slider, the coins towards the next one, and the
 * player's tasks, or a sign-in button for a guest; the raffle under it. A pass that did not load
 * is left out (spec §8).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { pass: await getBattlePass(api.call).catch(() => null) };
}

export default function EventBattlePass({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  const { openDialog } = useUiState();
  const client = useQueryClient();
  const { settings } = useEventOutlet();
  const query = useBattlePass(loaderData.pass);
  // A claim can pay a free case, and coins that unlock coin cases and move the player's standing.
  const onPaid = useCallback(() => {
    void client.invalidateQueries({ queryKey: freeCasesKey });
    void client.invalidateQueries({ queryKey: anyEventCasesKey });
    void client.invalidateQueries({ queryKey: anyCurrentEventKey });
  }, [client]);
  const claim = usePassClaim(onPaid);
  const pass = query.data;
  const loaded = pass !== undefined || query.isFetched;

  if (!loaded) return <Skeleton height={320} radius={18} />;
  if (!pass) {
    return (
      <p className="empty" data-testid="pass-none">
        {t('event.noPass')}
      </p>
    );
  }
  const signedIn = !!me && !pass.guest;
  const progress = passProgressView(pass);
  return (
    <div className="pass" data-testid="pass" data-guest={pass.guest} data-claimable={pass.claimable}>
      <PassProgress view={progress} gradient={pass.challengeProgressGradient} />
      <PassSlider count={pass.levels.length} focusIndex={focusLevelIndex(pass)}>
        {pass.levels.map((level) => (
          <PassLevelCard
            key={level.level}
            level={level}
            state={levelState(level)}
            icons={pass.challengeIcons}
            claiming={claim.claiming.has(level.level)}
            canClaim={signedIn && pass.claimable}
            onClaim={() => claim.start(level)}
          />
        ))}
      </PassSlider>
      {signedIn ? (
        <PassTasks tasks={visibleTasks(pass)} />
      ) : (
        <section className="pass-guest" data-testid="pass-guest">
          <div>
            <b>{t('event.guestTitle')}</b>
            <p className="muted">{t('event.guestText')}</p>
          </div>
          <button type="button" className="btn btn--event btn--m" onClick={() => openDialog('register')} data-testid="pass-sign-in">
            {t('header.signIn')}
          </button>
        </section>
      )}
      {settings?.raffle && <RaffleSection slug={settings.slug} raffle={settings.raffle} myTickets={settings.userStats?.tickets ?? null} />}
      {claim.reward && <ClaimBurst key={claim.reward.level} reward={claim.reward} onDone={claim.finish} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
