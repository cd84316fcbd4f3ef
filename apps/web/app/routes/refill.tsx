import { useEffect, useMemo, useState } from 'react';
import { redirect } from 'react-router';
import { checkDepositAmount } from '@store/shared/payments/bonus';
import type * as ValidatorsModule from '@store/shared/payments/validators';
import { formatAmount } from '@store/shared/money';
import { CHANGE_MIN_SUM } from '@store/shared/analytics';
import type { Route } from './+types/refill';
import { getBonusLevels, getPaymentCountry, type MethodData } from '#app/features/refill/api/get-payment-country.ts';
import { useStartTransaction } from '#app/features/refill/api/start-transaction.ts';
import { useApplyPromo } from '#app/features/refill/api/apply-promo.ts';
import { usePromoInfo } from '#app/features/refill/api/use-promo-info.ts';
import { useRefillPreview } from '#app/features/refill/api/use-refill-preview.ts';
import { AmountError } from '#app/features/refill/components/amount-error.tsx';
import { ExtraFields } from '#app/features/refill/components/extra-fields.tsx';
import { MethodList } from '#app/features/refill/components/method-list.tsx';
import { PromoField } from '#app/features/refill/components/promo-field.tsx';
import { RefillSummary } from '#app/features/refill/components/refill-summary.tsx';
import { countryName } from '#app/features/refill/utils/method-name.ts';
import { refillMin } from '#app/features/refill/utils/refill-min.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { useExperiment } from '#app/lib/analytics/experiments.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

type Validators = typeof ValidatorsModule;

/** /refill: top up through a payment method of the player's country, with a promo code. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  // Spec §5: a guest is sent to the guest payment page.
  if (!api.token) throw redirect(localePath(lang, '/refill/unauth'));
  const [country, levels] = await Promise.all([getPaymentCountry(api.call), getBonusLevels(api.call)]);
  return { country, levels, promo: url.searchParams.get('promo') ?? '' };
}

export default function Refill({ loaderData }: Route.ComponentProps) {
  const { country, levels } = loaderData;
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const start = useStartTransaction();
  const [method, setMethod] = useState<MethodData | null>(country.methods[0] ?? null);
  const [amountText, setAmountText] = useState(String(country.currency.defaultAmount));
  const [code, setCode] = useState(loaderData.promo);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const promo = usePromoInfo(code);
  const applyPromo = useApplyPromo();
  const apply = () =>
    applyPromo.mutate(code, {
      onSuccess: (res) => {
        const kind = res.promo.type;
        // An instant or case code is used up now: the field no longer offers it to the payment.
        if (kind === 'instant' || kind === 'case') setCode('');
        alert.success(
          kind === 'instant' ? t('refill.promoAppliedInstant', { sum: formatAmount(res.credited, { locale: lang }) }) : t(kind === 'case' ? 'refill.promoAppliedCase' : 'refill.promoAppliedNext'),
          t('refill.promoApplied'),
        );
      },
      // Spec §8: the refusal's own words under "Error while applying promocode".
      onError: (e) => alert.error(e.message, t('refill.promoApplyFailed')),
    });
  const amount = Number(amountText.replace(',', '.'));
  // Spec §7: the payment minimum follows the change-min-sum experiment, as the server's check does.
  const minSumVariant = useExperiment(CHANGE_MIN_SUM);
  const amountCheck = method ? checkDepositAmount({ amount, min: refillMin(method, minSumVariant), max: method.max }) : null;
  // The field checks carry the phone number tables (about 45 KB compressed, most of this page's
  // script): they are fetched once the page is up, not before it answers. Paying waits for them.
  const [validators, setValidators] = useState<Validators | null>(null);
  useEffect(() => {
    let live = true;
    void import('@store/shared/payments/validators').then((m) => live && setValidators(m));
    return () => {
      live = false;
    };
  }, []);
  const preview = useRefillPreview(
    method && amountCheck?.ok ? { country: country.country, methodId: method.id, amount, code: promo.info ? promo.code : null } : null,
  );
  const checked = useMemo(
    () => (method && validators ? validators.validateExtraFields(method.extraFields, fields, country.country) : null),
    [method, validators, fields, country.country],
  );

  const submit = () => {
    setShowErrors(true);
    if (!method || !amountCheck?.ok || !checked?.ok) return;
    start.mutate(
      { country: country.country, methodId: method.id, amount, promoCode: promo.info ? promo.code : null, fields: checked.values as Record<string, string> },
      {
        // The hosted checkout is another site as far as the page is concerned: a full navigation.
        onSuccess: (res) => window.location.assign(`${res.checkoutUrl}${res.checkoutUrl.includes('?') ? '&' : '?'}lang=${lang}`),
        onError: (e) => alert.error(e.message),
      },
    );
  };

  return (
    <div className="page refill">
      <div className="page-head">
        <h1>{t('refill.title')}</h1>
        <p className="muted">{t('refill.subtitle', { country: countryName(t, country.country, lang), currency: country.currency.code })}</p>
      </div>
      <div className="refill__layout">
        <MethodList methods={country.methods} selectedId={method?.id ?? null} onSelect={(m) => setMethod(m)} />
        <aside className="refill__form">
          <label className="field">
            <span className="field__label">{t('refill.amount', { currency: country.currency.code })}</span>
            <span className="amount-input">
              <input inputMode="decimal" value={amountText} onChange={(e) => setAmountText(e.target.value)} data-testid="refill-amount" aria-invalid={showErrors && !amountCheck?.ok} />
              <b>{country.currency.symbol}</b>
            </span>
            {amountCheck && !amountCheck.ok && (showErrors || amountText !== '') && (
              <AmountError error={amountCheck.error} min={amountCheck.min} max={amountCheck.max} currency={country.currency.code} />
            )}
          </label>
          {(['desktop', 'mobile'] as const).map((device) => (
            <div key={device} className={`quick-sums quick-sums--${device}`}>
              {country.quickSums[device].map((sum) => (
                <button key={sum} type="button" className={`btn btn--secondary btn--s${Number(amountText) === sum ? ' is-on' : ''}`} onClick={() => setAmountText(String(sum))}>
                  {formatAmount(sum, { currency: country.currency.code, locale: lang })} {country.currency.symbol}
                </button>
              ))}
            </div>
          ))}
          {method && <ExtraFields fields={method.extraFields} values={fields} errors={showErrors ? (checked?.errors ?? {}) : {}} onChange={(f, v) => setFields({ ...fields, [f]: v })} />}
          <PromoField code={code} onCode={setCode} info={promo.info} error={promo.error} loading={promo.loading} at={preview.data?.promo ?? null} onApply={apply} applying={applyPromo.isPending} />
          <RefillSummary preview={preview.data} fresh={preview.fresh} levels={levels} />
          <button type="button" className="btn btn--accent btn--l" disabled={!method || !validators || start.isPending} onClick={submit} data-testid="refill-pay">
            {start.isPending ? t('common.loading') : t('refill.pay')}
          </button>
        </aside>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
