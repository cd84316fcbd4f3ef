import { useState } from 'react';
import type { ProfileField } from '@store/shared/account';
import type { ProfileBody } from '@store/shared/api/account';
import { errorMessage, isErrorCode } from '@store/shared/errors';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { checkProfileForm, fieldOfError, profileChanges, type ProfileForm } from '../utils/profile-form.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Saving part of the profile: the shared rule first (the same messages the server would give),
 * then the server, whose refusal shows under its field or, for anything else, above the button.
 * Success is the data_updated notice.
 */
export function useProfileSave(saved: ProfileForm) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const save = useSaveProfile();
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (form: Partial<ProfileForm>, extra: ProfileBody = {}) => {
    const found = checkProfileForm(form);
    setErrors(Object.fromEntries(Object.entries(found).map(([f, code]) => [f, errorMessage(code, lang)])));
    setFormError(null);
    if (Object.keys(found).length) return;
    const body = { ...profileChanges(form, saved), ...extra };
    if (!Object.keys(body).length) return alert.success(t('account.saved'));
    save.mutate(body, {
      onSuccess: () => alert.success(t('account.saved')),
      onError: (e) => {
        const field = e instanceof ApiError ? fieldOfError(e.code, body) : null;
        const text = e instanceof ApiError && isErrorCode(e.code) && !e.message ? errorMessage(e.code, lang) : e.message;
        if (field) setErrors({ [field]: text });
        else setFormError(text);
      },
    });
  };

  return { submit, errors, formError, pending: save.isPending };
}
