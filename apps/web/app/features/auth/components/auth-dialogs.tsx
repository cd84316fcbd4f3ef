import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { LoginDialog } from './login-dialog.tsx';
import { RegistrationDialog } from './registration-dialog.tsx';

/** The sign-in dialogs; `#reg` in the address opens registration for a guest (spec §2). */
export function AuthDialogs() {
  const { dialog, openDialog } = useUiState();
  const me = useMe();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#reg' && !me) openDialog('register');
  }, [hash, me, openDialog]);

  if (dialog === 'register') return <RegistrationDialog onClose={() => openDialog(null)} onLogin={() => openDialog('login')} />;
  if (dialog === 'login') return <LoginDialog onClose={() => openDialog(null)} onRegister={() => openDialog('register')} />;
  return null;
}
