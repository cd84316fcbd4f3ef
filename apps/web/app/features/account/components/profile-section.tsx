import { useState, type FormEvent } from 'react';
import { generatedAvatarColor, type SigninProvider } from '@store/shared/account';
import type { MeData } from '#app/lib/use-me.ts';
import type { IdentitiesData } from '../api/get-identities.ts';
import { formFromMe } from '../utils/profile-form.ts';
import { SettingsCard } from './settings-card.tsx';
import { TextField } from './text-field.tsx';
import { useProfileSave } from './use-profile-save.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

type AvatarChoice = 'generated' | SigninProvider;

/** The nickname and the picture: the generated tile or a linked provider's picture. */
export function ProfileSection({ me, identities }: { me: MeData; identities: IdentitiesData['identities'] }) {
  const t = useT();
  const pictures = identities.filter((i): i is typeof i & { avatar: string } => !!i.avatar);
  const current: AvatarChoice = pictures.find((i) => i.avatar === me.avatar)?.provider ?? 'generated';
  const [nickname, setNickname] = useState(me.nickname);
  const [avatar, setAvatar] = useState<AvatarChoice>(current);
  const { submit, errors, formError, pending } = useProfileSave(formFromMe(me));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit({ nickname }, avatar !== current ? { avatar } : {});
  };

  return (
    <SettingsCard title={t('account.profile.title')} testId="settings-profile">
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField label={t('account.profile.nickname')} name="nickname" value={nickname} maxLength={100} autoComplete="nickname" onChange={(e) => setNickname(e.target.value)} error={errors.nickname} />
        <fieldset className="avatar-choice">
          <legend className="field__label">{t('account.profile.avatar')}</legend>
          <label className={`avatar-choice__item${avatar === 'generated' ? ' on' : ''}`}>
            <input type="radio" name="avatar" value="generated" checked={avatar === 'generated'} onChange={() => setAvatar('generated')} data-testid="avatar-generated" />
            {current === 'generated' ? (
              <Picture className="avatar-choice__tile" src={me.avatar} alt="" width={48} height={48} />
            ) : (
              // While a provider's picture is on, the generated one is shown as what it is made of: the initial on the player's colour.
              <span className="avatar-choice__tile" style={{ background: generatedAvatarColor(me.userId) }} aria-hidden="true">
                {[...nickname.trim()][0]?.toUpperCase() ?? '?'}
              </span>
            )}
            <span>{t('account.profile.generated')}</span>
          </label>
          {pictures.map((i) => (
            <label key={i.provider} className={`avatar-choice__item${avatar === i.provider ? ' on' : ''}`}>
              <input type="radio" name="avatar" value={i.provider} checked={avatar === i.provider} onChange={() => setAvatar(i.provider)} data-testid={`avatar-${i.provider}`} />
              <Picture className="avatar-choice__tile" src={i.avatar} alt="" width={48} height={48} />
              <span>{t(`account.providers.${i.provider}`)}</span>
            </label>
          ))}
        </fieldset>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--m settings-card__save" disabled={pending} data-testid="settings-profile-save">
          {t('account.save')}
        </button>
      </form>
    </SettingsCard>
  );
}
