import { useState, type FormEvent } from 'react';
import { Dialog } from '#app/components/dialog.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { useLogin } from '../api/login.ts';
import { consentGiven, type Consent } from '../utils/consent.ts';
import { ConsentChecks, ProviderButtons } from './provider-signin.tsx';
import { useSignIn } from './use-sign-in.ts';
import { useT } from '#app/lib/use-t.ts';

interface Props {
  consent: Consent;
  onConsent: (c: Consent) => void;
  onClose: () => void;
  onRegister: () => void;
}

/** Sign-in with a provider, or with the login and password a player got at registration. */
export function LoginDialog({ consent, onConsent, onClose, onRegister }: Props) {
  const t = useT();
  const alert = useAlert();
  const login = useLogin();
  const signIn = useSignIn();
  const [form, setForm] = useState({ login: '', password: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.login.trim() || !form.password) return;
    login.mutate(form, {
      onSuccess: async () => {
        const me = await signIn();
        onClose();
        // Spec §4: login greets the player by name (alert enter_success).
        if (me) alert.success(t('auth.welcome', { nickname: me.nickname }), t('auth.welcomeTitle'));
      },
    });
  };

  return (
    <Dialog title={t('auth.signInTitle')} onClose={onClose} testId="login-dialog">
      <ProviderButtons disabled={!consentGiven(consent)} />
      <ConsentChecks consent={consent} onChange={onConsent} />
      <p className="or-line">{t('auth.orPassword')}</p>
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span className="field__label">{t('auth.login')}</span>
          <input
            name="login"
            autoComplete="username"
            required
            maxLength={64}
            value={form.login}
            onChange={(e) => setForm({ ...form, login: e.target.value })}
            data-testid="login-login"
          />
        </label>
        <label className="field">
          <span className="field__label">{t('auth.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={256}
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
            data-testid="login-password"
          />
        </label>
        {login.error && (
          <p className="form-error" role="alert">
            {login.error.message}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--l" disabled={login.isPending} data-testid="login-submit">
          {t('auth.signIn')}
        </button>
        <button type="button" className="link-button" onClick={onRegister}>
          {t('auth.noAccount')}
        </button>
      </form>
    </Dialog>
  );
}
