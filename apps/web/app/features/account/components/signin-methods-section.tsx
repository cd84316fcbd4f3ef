import { SIGNIN_PROVIDERS, type SigninProvider } from '@store/shared/account';
import { providerStartUrl } from '#app/lib/provider-signin.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import type { MeData } from '#app/lib/use-me.ts';
import { useIdentities, type IdentitiesData } from '../api/get-identities.ts';
import { useUnlinkIdentity } from '../api/unlink-identity.ts';
import { SettingsCard } from './settings-card.tsx';
import { useT } from '#app/lib/use-t.ts';

/** Each provider linked (with the name it gave, and an unlink) or a button that links it; the password way in, if any. */
export function SigninMethodsSection({ me, initial }: { me: MeData; initial: IdentitiesData }) {
  const t = useT();
  const to = useLocalePath();
  const { data } = useIdentities(initial);
  const unlink = useUnlinkIdentity();
  const link = (p: SigninProvider) => window.location.assign(providerStartUrl(p, to('/profile/settings'), { link: true }));

  return (
    <SettingsCard title={t('account.signin.title')} testId="settings-signin">
      <ul className="methods">
        {SIGNIN_PROVIDERS.map((p) => {
          const identity = data.identities.find((i) => i.provider === p);
          return (
            <li key={p} className="methods__row" data-testid={`method-${p}`} data-linked={!!identity}>
              <span className={`provider__mark provider__mark--${p}`} aria-hidden="true" />
              <span className="methods__who">
                <b>{t(`account.providers.${p}`)}</b>
                <span className="muted">{identity ? identity.name : t('account.signin.notLinked')}</span>
              </span>
              {identity ? (
                <button type="button" className="btn btn--secondary btn--s" disabled={unlink.isPending} onClick={() => unlink.mutate(p)} data-testid={`unlink-${p}`}>
                  {t('account.signin.unlink')}
                </button>
              ) : (
                <button type="button" className="btn btn--primary btn--s" onClick={() => link(p)} data-testid={`link-${p}`}>
                  {t('account.signin.link')}
                </button>
              )}
            </li>
          );
        })}
        {data.hasPassword && (
          <li className="methods__row" data-testid="method-password">
            <span className="provider__mark provider__mark--password" aria-hidden="true" />
            <span className="methods__who">
              <b>{t('account.signin.password')}</b>
              <span className="muted">{me.login}</span>
            </span>
          </li>
        )}
      </ul>
      {unlink.error && (
        <p className="form-error" role="alert" data-testid="settings-signin-error">
          {unlink.error.message}
        </p>
      )}
    </SettingsCard>
  );
}
