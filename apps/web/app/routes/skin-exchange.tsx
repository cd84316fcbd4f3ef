import { SkinExchange } from '#app/features/inventory/components/skin-exchange.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** /skin-exchange (spec §2): swap a skin of the inventory for another of about its value. */
export default function SkinExchangePage() {
  const t = useT();
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
