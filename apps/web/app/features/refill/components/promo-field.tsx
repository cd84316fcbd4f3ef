import { formatAmount, formatNumber } from '@store/shared/money';
import { Money } from '#app/components/money.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import type { PromoInfoData } from '../api/use-promo-info.ts';
import type { RefillPreviewData } from '../api/use-refill-preview.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The promo-code input with what the code gives, looked up as the player types. `at` is what it
 * gives at the sum typed (the preview): a blogger code's percent depends on the sum, so the best
 * offer's percent is only ever said as "up to" or "from".
 */
export function PromoField({
  code,
  onCode,
  info,
  error,
  loading,
  at,
  onApply,
  applying,
}: {
  code: string;
  onCode: (c: string) => void;
  info: PromoInfoData | null;
  error: string | null;
  loading: boolean;
  at: RefillPreviewData['promo'];
  /** Spec §7 promo/apply: the code taken now rather than with the payment. */
  onApply: () => void;
  applying: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const percent = (value: number) => formatNumber(value, { locale: lang, digits: 2, fixed: false });
  const own = at && info && at.code === info.code ? at : null;
  const gives = (i: PromoInfoData) => {
    if (i.type === 'instant')
      return (
        <>
          {t('refill.promoInstant')} <Money value={i.sum} />
        </>
      );
    if (i.type === 'case') return t('refill.promoCase');
    if (i.type === 'blogger' && !own) return t('refill.promoUpTo', { percent: percent(i.percent) });
    const now = own ? own.percent : i.percent;
    const next = own?.next ? t('refill.promoNext', { limit: formatAmount(own.next.priceFrom, { locale: lang }), percent: percent(own.next.percent) }) : null;
    return [now > 0 ? t('refill.promoPercent', { percent: percent(now) }) : null, next].filter(Boolean).join(' · ');
  };
  return (
    <div className="field promo-field">
      <label className="field__label" htmlFor="promo-input">
        {t('refill.promo')}
      </label>
      <span className="promo-field__row">
        <input id="promo-input" value={code} onChange={(e) => onCode(e.target.value)} placeholder="PROMO" maxLength={64} data-testid="promo-input" autoCapitalize="characters" />
        <button type="button" className="btn btn--secondary btn--m" disabled={!code.trim() || applying} onClick={onApply} data-testid="promo-apply">
          {applying ? t('common.loading') : t('refill.promoApply')}
        </button>
      </span>
      {loading && code.trim() ? (
        <span className="muted">{t('common.loading')}</span>
      ) : info ? (
        <span className="promo-ok" data-testid="promo-info">
          {gives(info)}
        </span>
      ) : error && code.trim() ? (
        <span className="form-error" data-testid="promo-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
