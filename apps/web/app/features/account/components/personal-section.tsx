import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COUNTRIES, checkProfileField } from '@store/shared/account';
import { errorMessage } from '@store/shared/errors';
import { useAlert } from '#app/components/alerts.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { meKey, type MeData } from '#app/lib/use-me.ts';
import { useSendEmail } from '../api/send-email.ts';
import { regionName } from '#app/lib/region-name.ts';
import { formFromMe, type ProfileForm } from '../utils/profile-form.ts';
import { SettingsCard } from './settings-card.tsx';
import { TextField } from './text-field.tsx';
import { useProfileSave } from './use-profile-save.ts';
import { useT } from '#app/lib/use-t.ts';

type Personal = Omit<ProfileForm, 'nickname'>;

/** Name, e-mail (with its confirmation), city and country; every field may stay empty. */
export function PersonalSection({ me }: { me: MeData }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const client = useQueryClient();
  const saved = formFromMe(me);
  const [form, setForm] = useState<Personal>(() => ({ first_name: saved.first_name, last_name: saved.last_name, email: saved.email, city: saved.city, country: saved.country }));
  const { submit, errors, formError, pending } = useProfileSave(saved);
  const sendEmail = useSendEmail();
  const [emailError, setEmailError] = useState<string | null>(null);
  const edit = (field: keyof Personal) => (e: { target: { value: string } }) => setForm({ ...form, [field]: e.target.value });

  const emailSaved = form.email.trim().toLowerCase() === (me.personal.email ?? '').toLowerCase() && form.email.trim() !== '';
  const emailState = !emailSaved ? null : me.personal.emailConfirmed ? 'confirmed' : 'unconfirmed';

  const sendConfirmation = () => {
    const bad = form.email.trim() === '' ? 'profile_email' : checkProfileField('email', form.email);
    setEmailError(bad ? errorMessage(bad, lang) : null);
    if (bad) return;
    sendEmail.mutate(form.email.trim(), {
      onSuccess: (res) => {
        alert.success(t('account.personal.sent', { email: res.email }));
        void client.invalidateQueries({ queryKey: meKey });
      },
      onError: (e) => setEmailError(e.message),
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setEmailError(null);
    submit(form);
  };

  return (
    <SettingsCard title={t('account.personal.title')} testId="settings-personal">
      <form className="stack" onSubmit={onSubmit} noValidate>
        <div className="settings-grid">
          <TextField label={t('account.personal.firstName')} name="first_name" value={form.first_name} maxLength={100} autoComplete="given-name" onChange={edit('first_name')} error={errors.first_name} />
          <TextField label={t('account.personal.lastName')} name="last_name" value={form.last_name} maxLength={100} autoComplete="family-name" onChange={edit('last_name')} error={errors.last_name} />
        </div>
        <div className="email-row">
          <TextField
            label={t('account.personal.email')}
            name="email"
            type="email"
            value={form.email}
            maxLength={300}
            autoComplete="email"
            onChange={edit('email')}
            error={errors.email ?? emailError ?? undefined}
          />
          <div className="email-row__state">
            {emailState && (
              <span className={`badge badge--${emailState}`} data-testid="email-state">
                {t(`account.personal.${emailState}`)}
              </span>
            )}
            {emailState !== 'confirmed' && (
              <button type="button" className="btn btn--secondary btn--s" onClick={sendConfirmation} disabled={sendEmail.isPending} data-testid="settings-send-email">
                {t('account.personal.sendConfirm')}
              </button>
            )}
          </div>
        </div>
        <div className="settings-grid">
          <TextField label={t('account.personal.city')} name="city" value={form.city} maxLength={100} autoComplete="address-level2" onChange={edit('city')} error={errors.city} />
          <label className="field">
            <span className="field__label">{t('account.personal.country')}</span>
            <select name="country" value={form.country} onChange={edit('country')} autoComplete="country" data-testid="settings-country">
              <option value="">{t('account.personal.noCountry')}</option>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {regionName(c, lang)}
                </option>
              ))}
            </select>
            {errors.country && (
              <span className="form-error" role="alert">
                {errors.country}
              </span>
            )}
          </label>
        </div>
        {formError && (
          <p className="form-error" role="alert" data-testid="settings-personal-error">
            {formError}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--m settings-card__save" disabled={pending} data-testid="settings-personal-save">
          {t('account.save')}
        </button>
      </form>
    </SettingsCard>
  );
}
