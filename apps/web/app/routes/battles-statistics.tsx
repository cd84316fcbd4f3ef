import { Link, redirect } from 'react-router';
import type { Route } from './+types/battles-statistics';
import { getBattleStatistic } from '#app/features/battles/api/get-battle-statistic.ts';
import { getBattleStatistics } from '#app/features/battles/api/get-battle-statistics.ts';
import { getBattleWinrate } from '#app/features/battles/api/get-battle-winrate.ts';
import { getBestBattle } from '#app/features/battles/api/get-best-battle.ts';
import { BattleCard } from '#app/features/battles/components/battle-card.tsx';
import { Money } from '#app/components/money.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useFigure } from '#app/lib/use-figure.ts';
import { useT } from '#app/lib/use-t.ts';

/** /battles/statistics: the player's battles in numbers; guests go to /battles (spec §5). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  if (!api.token) throw redirect(localePath(lang, '/battles'));
  const [stats, money, winrate, best] = await Promise.all([
    getBattleStatistics(api.call),
    getBattleStatistic(api.call),
    getBattleWinrate(api.call),
    getBestBattle(api.call),
  ]);
  return { stats, money, winrate, best };
}

export default function BattlesStatistics({ loaderData }: Route.ComponentProps) {
  const { stats, money, winrate, best } = loaderData;
  const t = useT();
  const figure = useFigure();
  const me = useMe();
  const to = useLocalePath();
  const games = winrate.win + winrate.lose;
  const winShare = games ? (winrate.win / games) * 100 : 0;
  return (
    <>
      <div className="page-head">
        <h1>{t('battles.statistics.title')}</h1>
      </div>
      <dl className="battle-stats" data-testid="battle-stats">
        <div>
          <dt>{t('battles.statistics.all')}</dt>
          <dd data-testid="battle-stats-all">{figure(stats.allCount, 0)}</dd>
        </div>
        <div>
          <dt>{t('battles.statistics.wins')}</dt>
          <dd>{figure(stats.winsCount, 0)}</dd>
        </div>
        <div>
          <dt>{t('battles.statistics.winsPercent')}</dt>
          <dd>{figure(stats.winsPercent, 2)}%</dd>
        </div>
        <div>
          <dt>{t('battles.statistics.maxWin')}</dt>
          <dd>
            <Money value={stats.maxWin} />
          </dd>
        </div>
        <div>
          <dt>{t('battles.statistics.spent')}</dt>
          <dd>
            <Money value={money.spent} />
          </dd>
        </div>
        <div>
          <dt>{t('battles.statistics.won')}</dt>
          <dd>
            <Money value={money.won} />
          </dd>
        </div>
        <div>
          <dt>{t('battles.statistics.profit')}</dt>
          <dd className={money.profit >= 0 ? 'win' : 'loss'}>
            <Money value={money.profit} />
          </dd>
        </div>
      </dl>
      <section className="winrate" data-testid="battle-winrate">
        <h3>{t('battles.statistics.winrate')}</h3>
        <div className="winrate__bar" role="img" aria-label={`${figure(winrate.win, 0)} / ${figure(winrate.lose, 0)}`}>
          <span style={{ width: `${winShare}%` }} />
        </div>
        <div className="winrate__legend">
          <span className="win">
            {t('battles.statistics.wins')}: {figure(winrate.win, 0)}
          </span>
          <span className="loss">
            {t('battles.statistics.losses')}: {figure(winrate.lose, 0)}
          </span>
        </div>
      </section>
      <section className="stack">
        <h3>{t('battles.statistics.best')}</h3>
        {best ? (
          <div className="battle-list">
            <BattleCard battle={best} meId={me?.userId ?? null} busy={false} onJoin={() => undefined} />
          </div>
        ) : (
          <p className="empty">
            {t('battles.statistics.noBest')} <Link to={to('/battles')}>→</Link>
          </p>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = RouteError;
