import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PaymentResult } from '@store/shared/api/payments';
import { formatAmount, toMinor, toUnits } from '@store/shared/money';
import { paymentStatusView } from '@store/shared/payments/status';
import type { Route } from './+types/refill-result';
import { useTransactionStatus, type PaymentResultData } from '#app/features/refill/api/get-transaction-status.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { Money } from '#app/components/money.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ALERT_CODES } from '#app/lib/alert-codes.ts';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { meKey } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * /refill/result?orderId=: waits for the payment, then shows what it credited. It is also the
 * address a provider with one return address per shop sends the player back to, naming the order
 * its own way (FreeKassa's success URL adds MERCHANT_ORDER_ID).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  const orderId = url.searchParams.get('orderId') ?? url.searchParams.get('MERCHANT_ORDER_ID') ?? '';
  if (!api.token || !orderId) throw redirect(localePath(lang, '/refill'));
  let failure: string | null = null;
  const result = await api
    .call<PaymentResult>(`/api/v1/payments/transaction/status?orderId=${encodeURIComponent(orderId)}`)
    // An order the status lookup does not find (unknown, or another player's) is the §8 status_not_found, shown in place.
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.code === 'payment_order_not_found') return null;
      // A session gone is the root's to handle; any other failure is spec §8's "Error while
      // receiving payment info", said in place with the way to ask again: the payment may well be through.
      if (e instanceof ApiError && e.status === 401) return Promise.reject(e);
      failure = e instanceof ApiError ? e.message : '';
      return null;
    });
  return { orderId, result, failure };
}

export default function RefillResult({ loaderData }: Route.ComponentProps) {
  if (loaderData.failure !== null) return <PaymentInfoFailed message={loaderData.failure} />;
  return loaderData.result ? <PaymentResultView orderId={loaderData.orderId} initial={loaderData.result} /> : <StatusNotFound />;
}

/** The lookup failed (not "no such order"): the spec's words and the server's, and a way to ask again. */
function PaymentInfoFailed({ message }: { message: string }) {
  const t = useT();
  const alert = useAlert();
  useEffect(() => alert.error(message || t('refill.result.infoFailed'), message ? t('refill.result.infoFailed') : undefined), [alert, t, message]);
  return (
    <div className="page">
      <div className="payment-result payment-result--fail" data-testid="payment-result" data-status="info_failed">
        <div className="payment-result__icon" aria-hidden="true">
          !
        </div>
        <h1>{t('refill.result.infoFailed')}</h1>
        {message && <p className="muted">{message}</p>}
        <div className="payment-result__actions">
          <a href="" className="btn btn--accent btn--l" data-testid="payment-result-reload">
            {t('refill.result.reload')}
          </a>
        </div>
      </div>
    </div>
  );
}

/** The lookup found no such order: said on the page and as the §8 alert, with the way back to the refill page. */
function StatusNotFound() {
  const t = useT();
  const to = useLocalePath();
  const alert = useAlert();
  useEffect(() => alert.code('status_not_found'), [alert]);
  return (
    <div className="page">
      <div className="payment-result payment-result--fail" data-testid="payment-result" data-status="not_found">
        <div className="payment-result__icon" aria-hidden="true">
          ?
        </div>
        <h1>{t(ALERT_CODES.status_not_found.key)}</h1>
        <div className="payment-result__actions">
          <Link to={to('/refill')} className="btn btn--accent btn--l">
            {t('refill.result.again')}
          </Link>
        </div>
      </div>
    </div>
  );
}

function PaymentResultView({ orderId, initial }: { orderId: string; initial: PaymentResultData }) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const client = useQueryClient();
  const status = useTransactionStatus(orderId, initial);
  const result = status.data ?? initial;
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
                <dd data-testid="payment-coins">+{formatAmount(result.bonus.coins, { locale: lang })}</dd>
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
