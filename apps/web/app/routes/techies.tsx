import { useState } from 'react';
import { toMinor, toUnits } from '@store/shared/money';
import { TECHIES_MAX_MINES, TECHIES_MIN_MINES, safeCells, techiesMultiplier, techiesPayout } from '@store/shared/techies';
import type { Route } from './+types/techies';
import { getTechiesConfig } from '#app/features/techies/api/get-techies-config.ts';
import { getTechiesGame } from '#app/features/techies/api/get-techies-game.ts';
import { getTechiesHistory } from '#app/features/techies/api/get-techies-history.ts';
import { TechiesBoard } from '#app/features/techies/components/techies-board.tsx';
import { TechiesControls } from '#app/features/techies/components/techies-controls.tsx';
import { TechiesFair } from '#app/features/techies/components/techies-fair.tsx';
import { TechiesHistory } from '#app/features/techies/components/techies-history.tsx';
import { TechiesStatus } from '#app/features/techies/components/techies-status.tsx';
import { useTechiesPlay } from '#app/features/techies/hooks/use-techies-play.ts';
import { cellViews } from '#app/features/techies/utils/cells.ts';
import { defaultStake, formatStake, parseStake, stakeProblem } from '#app/features/techies/utils/stake.ts';
import { Money } from '#app/components/money.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import '#app/features/techies/techies.css';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { requireFeature } from '#app/lib/feature-gate.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** A guest (or a session gone stale) gets no game: the page shows the board and asks to sign in. */
const guest = (e: unknown) => (e instanceof ApiError && e.status === 401 ? null : Promise.reject(e));

/**
 * /sapper (and /ninja-defuse, /techies): the techies game. With the `techies` flag off the page is
 * not there and sends the player to the main page (spec §1); an open game is resumed.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  await requireFeature({ context, request, url }, 'techies');
  const [config, game, history] = await Promise.all([
    getTechiesConfig(api.call).catch(guest),
    api.token ? getTechiesGame(api.call).catch(guest) : null,
    api.token ? getTechiesHistory(api.call).catch(guest) : null,
  ]);
  return { lang, config, game, history };
}

export default function Techies({ loaderData }: Route.ComponentProps) {
  const me = useMe();
  // Signing in or out starts the page over with that player's game.
  return <TechiesPage key={me?.userId ?? 'guest'} data={loaderData} />;
}

function TechiesPage({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const { config, game: resumed, history } = data;
  const t = useT();
  const lang = useLang();
  const me = useMe();
  const { openDialog } = useUiState();
  const techies = useTechiesPlay(resumed);
  const { play, over } = techies;
  const shown = play.shown;
  const [stakeText, setStakeText] = useState(() => formatStake(resumed?.stake ?? (config ? defaultStake(config) : 1), lang));
  const [mines, setMines] = useState(resumed?.minesCount ?? 3);

  const limits = config ? { minStake: config.minStake, maxStake: config.maxStake, balance: me?.finance.balance ?? null } : null;
  const stake = parseStake(stakeText);
  const problem = limits ? stakeProblem(stake, limits) : null;
  // A game on the board until its result is told; before one, the chosen settings' first step.
  const active = shown !== null && !over;
  const multiplier = active ? shown.multiplier : 1;
  const next = active ? shown.nextMultiplier : config ? techiesMultiplier(mines, 1, config.rtp) : null;
  const payout = toUnits(techiesPayout(toMinor(active ? shown.stake : (stake ?? 0)), multiplier));

  const begin = () => {
    if (stake === null || problem) return;
    techies.start(stake, mines);
  };

  let action;
  if (!me) {
    action = (
      <div className="techies-guest">
        <p className="muted">{t('techies.signInText')}</p>
        <button type="button" className="btn btn--accent btn--l" onClick={() => openDialog('login')} data-testid="techies-sign-in">
          {t('auth.signIn')}
        </button>
      </div>
    );
  } else if (active) {
    action = (
      <button
        type="button"
        className="btn btn--accent btn--l techies-cashout"
        onClick={techies.cashOut}
        disabled={!techies.canCashOut}
        data-testid="techies-cashout"
        data-value={payout}
      >
        {techies.cashingOut ? t('common.loading') : t('techies.cashOut')}
        {shown.opened.length > 0 && <Money value={payout} />}
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        className="btn btn--accent btn--l"
        onClick={begin}
        disabled={!config || stake === null || problem !== null || techies.starting}
        data-testid="techies-start"
      >
        {techies.starting ? t('common.loading') : t('techies.start')}
      </button>
    );
  }

  return (
    <div className="page techies">
      <div className="page-head">
        <h1>{t('techies.title')}</h1>
        <p className="muted">{t('techies.subtitle')}</p>
      </div>
      <div
        className="techies__layout"
        data-testid="techies"
        data-game={shown?.id ?? ''}
        data-state={shown ? (over ? shown.state : 'playing') : 'idle'}
      >
        <section className="techies__stage">
          <TechiesStatus game={shown} over={over} multiplier={multiplier} next={next} payout={payout} onAgain={techies.again} />
          <TechiesBoard cells={cellViews(play)} onOpen={techies.click} onTurned={techies.turned} onExploded={techies.exploded} />
          {active && (
            <p className="techies__hint muted" data-testid="techies-safe-left">
              {t('techies.safeLeft', { count: safeCells(shown.minesCount) - shown.opened.length, mines: shown.minesCount })}
            </p>
          )}
        </section>
        <TechiesControls
          stakeText={active ? formatStake(shown.stake, lang) : stakeText}
          onStakeText={setStakeText}
          stake={stake}
          problem={active ? null : problem}
          limits={limits}
          mines={active ? shown.minesCount : mines}
          onMines={setMines}
          minMines={config?.minMines ?? TECHIES_MIN_MINES}
          maxMines={config?.maxMines ?? TECHIES_MAX_MINES}
          locked={active}
        />
        <div className="techies__action">{action}</div>
        <TechiesFair game={shown} over={over} />
      </div>
      {history && <TechiesHistory initial={history} />}
    </div>
  );
}

export const ErrorBoundary = RouteError;
