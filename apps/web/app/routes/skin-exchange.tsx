import { useTranslation } from 'react-i18next';
import type { Route } from './+types/skin-exchange';
import { SkinExchange } from '#app/features/inventory/components/skin-exchange.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { i18nFor } from '#app/lib/i18n.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';

export const meta: Route.MetaFunction = ({ location }) => [{ title: `${i18nFor(langFromPath(location.pathname)).t('exchange.page')} · CaseStore` }];

/** /skin-exchange (spec §2): swap a skin of the inventory for another of about its value. */
export default function SkinExchangePage() {
  const { t } = useTranslation();
  const me = useMe();
  const { openDialog } = useUiState();
  return (
    <div className="page">
      <div className="page-head">
        <h1>{t('exchange.page')}</h1>
        <p className="muted">{t('exchange.subtitle')}</p>
      </div>
      {me ? (
        <SkinExchange key={me.userId} userId={me.userId} />
      ) : (
        <section className="daily-guest" data-testid="skin-exchange-guest">
          <div>
            <b>{t('exchange.guestTitle')}</b>
            <p className="muted">{t('exchange.guestText')}</p>
          </div>
          <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('register')} data-testid="skin-exchange-sign-in">
            {t('header.signIn')}
          </button>
        </section>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
