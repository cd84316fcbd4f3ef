import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/components/dialog.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { useQuickRegistration } from '../api/register-quick.ts';
import { CopyField } from '#app/components/copy-field.tsx';
import { useSignIn } from './use-sign-in.ts';

/**
 * Quick registration: one click makes an account; its login and password are shown once, with
 * copy buttons, and the player is signed in when they close the dialog.
 */
export function RegistrationDialog({ onClose, onLogin }: { onClose: () => void; onLogin: () => void }) {
  const { t } = useTranslation();
  const alert = useAlert();
  const register = useQuickRegistration();
  const signIn = useSignIn();
  const [closing, setClosing] = useState(false);
  const account = register.data;

  const finish = async () => {
    if (!account) return onClose();
    setClosing(true);
    await signIn();
    onClose();
  };

  return (
    <Dialog title={account ? t('auth.credentialsTitle') : t('auth.registerTitle')} onClose={finish} testId="registration-dialog">
      {account ? (
        <div className="stack">
          <p className="muted">{t('auth.credentialsText')}</p>
          <CopyField label={t('auth.login')} value={account.login} testId="reg-login" />
          <CopyField label={t('auth.password')} value={account.password} testId="reg-password" />
          <button type="button" className="btn btn--primary btn--l" onClick={finish} disabled={closing} data-testid="reg-continue">
            {t('auth.continue')}
          </button>
        </div>
      ) : (
        <div className="stack">
          <p className="muted">{t('auth.registerText')}</p>
          <button
            type="button"
            className="btn btn--accent btn--l"
            disabled={register.isPending}
            data-testid="reg-create"
            onClick={() => register.mutate(undefined, { onError: (e) => alert.error(e.message) })}
          >
            {register.isPending ? t('common.loading') : t('auth.createAccount')}
          </button>
          <button type="button" className="link-button" onClick={onLogin}>
            {t('auth.haveAccount')}
          </button>
        </div>
      )}
    </Dialog>
  );
}
