import { useState } from 'react';
import { Dialog } from '#app/components/dialog.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { useQuickRegistration } from '../api/register-quick.ts';
import { CopyField } from '#app/components/copy-field.tsx';
import { consentGiven, type Consent } from '../utils/consent.ts';
import { ConsentChecks, ProviderButtons } from './provider-signin.tsx';
import { useSignIn } from './use-sign-in.ts';
import { useT } from '#app/lib/use-t.ts';

interface Props {
  consent: Consent;
  onConsent: (c: Consent) => void;
  onClose: () => void;
  onLogin: () => void;
}

/**
 * The header's sign-in: a provider first, or quick registration, where one click makes an account
 * whose login and password are shown once, with copy buttons; the player is signed in when they
 * close the dialog.
 */
export function RegistrationDialog({ consent, onConsent, onClose, onLogin }: Props) {
  const t = useT();
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
    // Spec §4: quick registration announces itself (alert registration_success).
    alert.success(t('auth.registrationSuccess'));
  };

  return (
    <Dialog title={account ? t('auth.credentialsTitle') : t('auth.signInOrRegister')} onClose={finish} testId="registration-dialog">
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
          <ProviderButtons disabled={!consentGiven(consent)} />
          <ConsentChecks consent={consent} onChange={onConsent} />
          <p className="or-line">{t('auth.orQuick')}</p>
          <p className="muted">{t('auth.registerText')}</p>
          <button
            type="button"
            className="btn btn--secondary btn--l"
            disabled={register.isPending || !consentGiven(consent)}
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
