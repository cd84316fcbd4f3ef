import { Link, Outlet, useRouteLoaderData } from 'react-router';
import { LangSwitch } from '#app/components/layout/lang-switch.tsx';
import { legalLinks } from '#app/components/layout/nav-items.ts';
import { AuthDialogs } from '#app/features/auth/components/auth-dialogs.tsx';
import { ShellLogo } from '#app/features/shell/components/shell-logo.tsx';
import { useMarketingSession } from '#app/lib/marketing-session.ts';
import { useLanguageSync } from '#app/lib/use-change-language.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { loader as rootLoader } from '#app/root.tsx';
import '#app/styles/shell.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * The landing layout (spec §2): the store's mark, the language and the legal links around the
 * page; no header, live drops, side menu or consent bar, so an advertisement's visitor sees one
 * offer and one button.
 */
export default function LandingLayout() {
  const t = useT();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const to = useLocalePath();
  // Advertised traffic lands here: its campaign is recorded like on any other page.
  useMarketingSession();
  useLanguageSync();
  if (!root) return null;
  return (
    <div className="shell-screen shell-screen--landing">
      <div className="shell-screen__bar">
        <ShellLogo title={root.config.title} href={to('/')} />
        <LangSwitch />
      </div>
      <main className="shell-screen__main">
        <Outlet />
      </main>
      <nav className="footer__links shell-screen__links" aria-label={t('shell.footer.links')}>
        {legalLinks.map((l) => (
          <Link key={l.key} to={to(l.path)}>
            {t(`shell.footer.${l.key}`)}
          </Link>
        ))}
      </nav>
      <AuthDialogs />
    </div>
  );
}
