import { useTranslation } from 'react-i18next';
import { Money } from '#app/components/money.tsx';
import type { PromoInfoData } from '../api/use-promo-info.ts';

/** The promo-code input with what the code gives, looked up as the player types. */
export function PromoField({ code, onCode, info, error, loading }: { code: string; onCode: (c: string) => void; info: PromoInfoData | null; error: string | null; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <label className="field promo-field">
      <span className="field__label">{t('refill.promo')}</span>
      <input value={code} onChange={(e) => onCode(e.target.value)} placeholder="PROMO" maxLength={64} data-testid="promo-input" autoCapitalize="characters" />
      {loading && code.trim() ? (
        <span className="muted">{t('common.loading')}</span>
      ) : info ? (
        <span className="promo-ok" data-testid="promo-info">
          {info.type === 'instant' ? (
            <>
              {t('refill.promoInstant')} <Money value={info.sum} />
            </>
          ) : (
            t('refill.promoPercent', { percent: info.percent })
          )}
        </span>
      ) : error && code.trim() ? (
        <span className="form-error" data-testid="promo-error">
          {error}
        </span>
      ) : null}
    </label>
  );
}
