import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentResult } from '@store/shared/api/payments';
import { formatAmount, toMinor, toUnits } from '@store/shared/money';
import { paymentStatusView } from '@store/shared/payments/status';
import type { Route } from './+types/refill-result';
import { useTransactionStatus } from '#app/features/refill/api/get-transaction-status.ts';
import { Money } from '#app/components/money.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { meKey } from '#app/lib/use-me.ts';

/** /refill/result?orderId=: waits for the payment, then shows what it credited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  const orderId = url.searchParams.get('orderId') ?? '';
  if (!api.token || !orderId) throw redirect(localePath(lang, '/refill'));
  return { orderId, result: await api.call<PaymentResult>(`/api/v1/payments/transaction/status?orderId=${encodeURIComponent(orderId)}`) };
}

export default function RefillResult({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const client = useQueryClient();
  const status = useTransactionStatus(loaderData.orderId, loaderData.result);
  const result = status.data ?? loaderData.result;
  const view = paymentStatusView(result.status);
  // In minor units: 0.1 + 0.2 style sums must not show a stray cent.
  const otherBonus = toUnits(toMinor(result.bonus.sumBonus) - toMinor(result.bonus.sumPromo));
  // The wallet changed on the server; the header reads it again once the payment is through.
  useEffect(() => {
    if (view === 'success') void client.invalidateQueries({ queryKey: meKey });
  }, [view, client]);
  return (
    <div className="page">
      <div className={`payment-result payment-result--${view}`} data-testid="payment-result" data-status={view}>
        <div className="payment-result__icon" aria-hidden="true">
          {view === 'success' ? '✓' : view === 'fail' ? '×' : <span className="spinner" />}
        </div>
        <h1>{t(`refill.result.${view}`)}</h1>
        {view === 'success' && (
          <dl className="payment-result__lines">
            <div>
              <dt>{t('refill.result.value')}</dt>
              <dd>
                <Money value={result.value} />
              </dd>
            </div>
            {/* sum_bonus is every bonus with the promo code's among them: each line shows its own part, once. */}
            {otherBonus > 0 && (
              <div>
                <dt>{t('refill.result.bonus')}</dt>
                <dd data-testid="payment-bonus">
                  +<Money value={otherBonus} />
                </dd>
              </div>
            )}
            {result.bonus.sumPromo > 0 && (
              <div>
                <dt>{t('refill.result.promo')}</dt>
                <dd data-testid="payment-promo">
                  +<Money value={result.bonus.sumPromo} />
                </dd>
              </div>
            )}
            {result.bonus.sumBonus > 0 && (
              <div className="payment-result__total">
                <dt>{t('refill.result.total')}</dt>
                <dd data-testid="payment-total">
                  <Money value={toUnits(toMinor(result.value) + toMinor(result.bonus.sumBonus))} />
                </dd>
              </div>
            )}
            {result.bonus.coins > 0 && (
              <div>
                <dt>{t('refill.result.coins')}</dt>
                {/* Coins are an amount of the coin wallet, written like any other (decision 049). */}
                <dd>+{formatAmount(result.bonus.coins, { locale: lang })}</dd>
              </div>
            )}
          </dl>
        )}
        {view === 'wait' && <p className="muted">{t('refill.result.waitText')}</p>}
        <div className="payment-result__actions">
          <Link to={to('/')} className="btn btn--accent btn--l">
            {t('refill.result.toCases')}
          </Link>
          {view !== 'success' && (
            <Link to={to('/refill')} className="btn btn--secondary btn--l">
              {t('refill.result.again')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
