import { Link, NavLink, Outlet, useLocation } from 'react-router';
import type { Route } from './+types/battles-layout';
import { getBattleStatus, useBattleStatus } from '#app/features/battles/api/get-battle-status.ts';
import { langFromPath, stripLang } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { requireFeature } from '#app/lib/feature-gate.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/battles/battles.css';
import { useT } from '#app/lib/use-t.ts';

/** The battles layout (spec §2): the battles menu, Create, and the player's battle in progress. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'battles');
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { status: api.token ? await getBattleStatus(api.call) : null };
}

const tabs = [
  { key: 'list', path: '/battles' },
  { key: 'history', path: '/battles/history' },
  { key: 'statistics', path: '/battles/statistics' },
  { key: 'details', path: '/battles/details' },
] as const;

export default function BattlesLayout({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  const me = useMe();
  const { openDialog } = useUiState();
  const status = useBattleStatus(loaderData.status);
  const here = stripLang(useLocation().pathname);
  const active = status.inBattle && status.activeBattleUlid && here !== `/battles/${status.activeBattleUlid}` ? status.activeBattleUlid : null;
  return (
    <div className="page battles-page">
      <div className="battles-bar">
        <nav className="tabs battles-bar__tabs" aria-label={t('nav.battles')}>
          {tabs.map((tab) => (
            <NavLink key={tab.key} to={to(tab.path)} end className={({ isActive }) => (isActive ? 'on' : '')} data-testid={`battles-tab-${tab.key}`}>
              {t(`battles.tabs.${tab.key}`)}
            </NavLink>
          ))}
        </nav>
        {active && (
          <Link to={to(`/battles/${active}`)} className="battles-bar__active" data-testid="in-battle">
            <span className="live-dot" aria-hidden="true" />
            {t('battles.inBattle')}
          </Link>
        )}
        {here === '/battles/create' ? null : me ? (
          <Link to={to('/battles/create')} className="btn btn--accent btn--m battles-bar__create" aria-label={t('battles.create')} data-testid="battles-create-link">
            <CreateLabel text={t('battles.create')} />
          </Link>
        ) : (
          <button
            type="button"
            className="btn btn--accent btn--m battles-bar__create"
            onClick={() => openDialog('login')}
            aria-label={t('battles.create')}
            data-testid="battles-create-link"
          >
            <CreateLabel text={t('battles.create')} />
          </button>
        )}
      </div>
      <Outlet />
    </div>
  );
}

/** "Create battle" on wide screens, a plus on phones where the tabs need the room. */
function CreateLabel({ text }: { text: string }) {
  return (
    <>
      <span className="battles-bar__plus" aria-hidden="true">
        +
      </span>
      <span className="battles-bar__create-text">{text}</span>
    </>
  );
}
