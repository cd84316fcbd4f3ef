import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '#app/components/dialog.tsx';
import { useLogin } from '../api/login.ts';
import { useSignIn } from './use-sign-in.ts';

/** Sign-in with the login and password a player got at registration. */
export function LoginDialog({ onClose, onRegister }: { onClose: () => void; onRegister: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const signIn = useSignIn();
  const [form, setForm] = useState({ login: '', password: '' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.login.trim() || !form.password) return;
    login.mutate(form, {
      onSuccess: async () => {
        await signIn();
        onClose();
      },
    });
  };

  return (
    <Dialog title={t('auth.signInTitle')} onClose={onClose} testId="login-dialog">
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
