import type { ReactNode } from 'react';
import { Highlights } from './highlights.tsx';
import { ShellLogo } from './shell-logo.tsx';
import '#app/styles/shell.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * Spec §2: replaces the app for a visitor without a session while the welcome redirect is on: what
 * the store is, a few highlights, and sign-in (Steam, Google, VK or a quick account) through the
 * store's sign-in dialog. The language switch is the caller's (it lives with the layout parts).
 */
export function WelcomePage({ title, onRegister, onLogin, langSwitch }: { title: string; onRegister(): void; onLogin(): void; langSwitch: ReactNode }) {
  const t = useT();
  return (
    <div className="shell-screen" data-testid="welcome">
      <div className="shell-screen__bar">
        <ShellLogo title={title} />
        {langSwitch}
      </div>
      <main className="shell-screen__main">
        <section className="shell-hero">
          <p className="shell-hero__kicker">{t('shell.welcome.kicker')}</p>
          <h1>{t('shell.welcome.title')}</h1>
          <p className="muted">{t('shell.welcome.text')}</p>
          <div className="shell-hero__actions">
            <button type="button" className="btn btn--accent btn--l" onClick={onRegister} data-testid="welcome-signin">
              {t('shell.welcome.signIn')}
            </button>
            <button type="button" className="btn btn--secondary btn--l" onClick={onLogin} data-testid="welcome-login">
              {t('shell.welcome.login')}
            </button>
          </div>
          <p className="shell-hero__note muted">{t('shell.welcome.providers')}</p>
        </section>
        <Highlights />
      </main>
    </div>
  );
}
