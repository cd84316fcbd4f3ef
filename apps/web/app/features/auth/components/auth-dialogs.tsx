import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useUiState } from '#app/lib/ui-state.tsx';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { CONSENT_GIVEN, type Consent } from '../utils/consent.ts';
import { SigninReturn } from './signin-return.tsx';

// Opened by a click: fetched then, not with every page.
const LoginDialog = lazyPart(() => import('./login-dialog.tsx').then((m) => m.LoginDialog));
const RegistrationDialog = lazyPart(() => import('./registration-dialog.tsx').then((m) => m.RegistrationDialog));

/**
 * The sign-in dialogs; `#reg` in the address opens registration for a guest (spec §2). The consent
 * boxes keep their state while the player moves between the two dialogs. The notice of a return
 * from a provider lives here too, since every page can be one.
 */
export function AuthDialogs() {
  const { dialog, openDialog } = useUiState();
  const me = useMe();
  const { hash } = useLocation();
  const [consent, setConsent] = useState<Consent>(CONSENT_GIVEN);
  useEffect(() => {
    if (hash === '#reg' && !me) openDialog('register');
  }, [hash, me, openDialog]);

  const consentProps = { consent, onConsent: setConsent };
  return (
    <>
      <SigninReturn />
      {dialog === 'register' && <RegistrationDialog {...consentProps} onClose={() => openDialog(null)} onLogin={() => openDialog('login')} />}
      {dialog === 'login' && <LoginDialog {...consentProps} onClose={() => openDialog(null)} onRegister={() => openDialog('register')} />}
    </>
  );
}
