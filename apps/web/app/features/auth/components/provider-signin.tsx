import { useLocation } from 'react-router';
import { SIGNIN_PROVIDERS, type SigninProvider } from '@store/shared/account';
import { PROVIDER_NAMES, providerStartUrl } from '#app/lib/provider-signin.ts';
import type { Consent } from '../utils/consent.ts';
import { returnPathOf } from '../utils/signin-return.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Sign-in with Steam (first and largest), Google and VK: the whole page goes to the provider and
 * comes back to this page, whose address the server keeps as the return location (spec §4).
 */
export function ProviderButtons({ disabled }: { disabled: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const start = (provider: SigninProvider) => window.location.assign(providerStartUrl(provider, returnPathOf(pathname, search)));
  return (
    <div className="providers" data-testid="signin-providers">
      {SIGNIN_PROVIDERS.map((p) => (
        <button key={p} type="button" className={`btn provider provider--${p} ${p === 'steam' ? 'btn--l' : 'btn--m'}`} disabled={disabled} onClick={() => start(p)} data-testid={`signin-${p}`}>
          <span className="provider__mark" aria-hidden="true" />
          {p === 'steam' ? t('auth.withSteam') : PROVIDER_NAMES[p]}
        </button>
      ))}
    </div>
  );
}

/** The user agreement and the age: both needed before a provider or registration makes an account. */
export function ConsentChecks({ consent, onChange }: { consent: Consent; onChange: (c: Consent) => void }) {
  const t = useT();
  return (
    <div className="consent">
      <label className="check">
        <input type="checkbox" checked={consent.agreement} onChange={(e) => onChange({ ...consent, agreement: e.target.checked })} data-testid="consent-agreement" />
        <span>
          {t('auth.agreeBefore')}
          <a href="/user-agreement" target="_blank" rel="noopener">
            {t('auth.agreement')}
          </a>
          {t('auth.agreeBetween')}
          <a href="/privacy-policy" target="_blank" rel="noopener">
            {t('auth.privacy')}
          </a>
        </span>
      </label>
      <label className="check">
        <input type="checkbox" checked={consent.age} onChange={(e) => onChange({ ...consent, age: e.target.checked })} data-testid="consent-age" />
        <span>{t('auth.age')}</span>
      </label>
    </div>
  );
}
