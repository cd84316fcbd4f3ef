import { NavLink } from 'react-router';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

const tabs = [
  { key: 'instructions', path: '/provably-fair/instructions', guests: true },
  { key: 'settings', path: '/provably-fair/settings', guests: false },
  { key: 'check', path: '/provably-fair/check', guests: false },
] as const;

/** The provably-fair tabs. Seeds and checks are a player's own: a guest is asked to sign in instead (spec §5). */
export function PfTabs() {
  const t = useT();
  const to = useLocalePath();
  const me = useMe();
  const { openDialog } = useUiState();
  return (
    <nav className="pf-tabs" aria-label={t('pf.tabs.label')} data-testid="pf-tabs">
      {tabs.map((tab) =>
        me || tab.guests ? (
          <NavLink
            key={tab.key}
            to={to(tab.path)}
            end
            className={({ isActive }) => (isActive ? 'on' : '')}
            data-testid={`pf-tab-${tab.key}`}
            preventScrollReset
          >
            {t(`pf.tabs.${tab.key}`)}
          </NavLink>
        ) : (
          <button key={tab.key} type="button" onClick={() => openDialog('register')} data-testid={`pf-tab-${tab.key}`}>
            {t(`pf.tabs.${tab.key}`)}
          </button>
        ),
      )}
    </nav>
  );
}
