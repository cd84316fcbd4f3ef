import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LangSwitch } from '#app/components/layout/lang-switch.tsx';
import { AuthDialogs } from '#app/features/auth/components/auth-dialogs.tsx';
import { WelcomePage } from '#app/features/shell/components/welcome-page.tsx';
import { shellScreen } from '#app/features/shell/utils/shell-screen.ts';
import type { ConfigData } from '#app/lib/config.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';

/**
 * The app, or the welcome page in its place for a visitor without a session while the welcome
 * redirect is on (spec §2). Decided from the live player, so signing in from the welcome page's
 * dialog shows the app at once. The tech-work page is the root's error boundary's, not this.
 */
export function ShellScreen({ config, children }: { config: ConfigData; children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  const { openDialog } = useUiState();
  const screen = shellScreen({ offline: false, welcomeRedirect: config.welcomeRedirect, signedIn: me !== null, pathname });
  if (screen !== 'welcome') return children;
  return (
    <>
      <WelcomePage title={config.title} onRegister={() => openDialog('register')} onLogin={() => openDialog('login')} langSwitch={<LangSwitch />} />
      <AuthDialogs />
    </>
  );
}
