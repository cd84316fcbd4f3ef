import { redirect } from 'react-router';
import type { Route } from './+types/refill-unauth';
import { getPaymentCountry } from '#app/features/refill/api/get-payment-country.ts';
import { methodName } from '#app/features/refill/utils/method-name.ts';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useT } from '#app/lib/use-t.ts';

/** /refill/unauth: the guest's payment page; signing in leads on to /refill (spec §5). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  if (api.token) throw redirect(localePath(lang, '/refill'));
  return { country: await getPaymentCountry(api.call) };
}

export default function RefillUnauth({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { openDialog } = useUiState();
  return (
    <div className="page">
      <div className="open-hero refill-guest" data-testid="refill-guest">
        <h1>{t('refill.guestTitle')}</h1>
        <p className="muted">{t('refill.guestText')}</p>
        <ul className="payments">
          {loaderData.country.methods.map((m) => (
            <li key={m.id}>{methodName(t, m)}</li>
          ))}
        </ul>
        <button type="button" className="btn btn--accent btn--l" onClick={() => openDialog('register')} data-testid="refill-sign-in">
          {t('header.signIn')}
        </button>
      </div>
    </div>
  );
}
