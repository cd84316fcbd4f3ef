import { NavLink, useLocation } from 'react-router';
import type { OperatorRole } from '@store/shared/operators';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { consoleSections, type ConsoleSection } from '../utils/console-sections.ts';
import { useT } from '#app/lib/use-t.ts';

/** The console's side navigation: only the sections the operator's role may open. */
export function ConsoleNav({ role }: { role: OperatorRole }) {
  const t = useT();
  const to = useLocalePath();
  const { pathname } = useLocation();
  const sections = consoleSections(role);
  // A player's page belongs to Players; every other section is its own path and the pages under it.
  const under = (path: string) => pathname.endsWith(path) || pathname.includes(`${path}/`);
  const current = (s: ConsoleSection) => (s.key === 'players' ? !sections.some((o) => o.key !== 'players' && under(o.path)) : under(s.path));
  return (
    <nav className="console-nav" aria-label={t('admin.nav.label')} data-testid="console-nav">
      <div className="console-nav__head">
        <b>{t('admin.title')}</b>
        <span className="badge" data-testid="console-role">
          {t(`admin.roles.${role}`)}
        </span>
      </div>
      {sections.map((s) => (
        <NavLink key={s.key} to={to(s.path)} className={current(s) ? 'console-nav__link on' : 'console-nav__link'} data-testid={`console-nav-${s.key}`}>
          {t(`admin.nav.${s.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
