import { formatAmount, formatNumber, toMinor, toUnits } from '@store/shared/money';
import { Money } from '#app/components/money.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import type { BonusLevelData } from '../api/get-payment-country.ts';
import type { RefillPreviewData } from '../api/use-refill-preview.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * What the deposit will bring, line by line as the receipt will list it: the server's preview,
 * computed by the rule that credits the payment.
 */
export function RefillSummary({ preview, fresh, levels }: { preview: RefillPreviewData | null; fresh: boolean; levels: BonusLevelData[] }) {
  const t = useT();
  const lang = useLang();
  if (!preview) return null;
  // In minor units, as the receipt splits them: the level and method part, then the code's.
  const otherBonus = toUnits(toMinor(preview.sumBonus) - toMinor(preview.sumPromo));
  const next = [...levels].sort((a, b) => a.limit - b.limit).find((l) => l.limit > preview.siteAmount);
  // A bonus percent can have a fraction (7,5 %): in the page's decimal sign, no trailing zeros.
  const percent = (value: number) => formatNumber(value, { locale: lang, digits: 2, fixed: false });
  return (
    <div className={`refill-summary${fresh ? '' : ' is-stale'}`} data-testid="refill-summary" data-fresh={fresh}>
      <div className="refill-summary__row">
        <span className="muted">{t('refill.result.value')}</span>
        <span data-testid="refill-deposit">
          <Money value={preview.siteAmount} />
        </span>
      </div>
      {otherBonus > 0 && (
        <div className="refill-summary__row">
          <span className="muted">{t('refill.levelBonus', { level: percent(preview.levelPercent), method: percent(preview.methodPercent) })}</span>
          <span className="bonus-chip" data-testid="refill-bonus">
            +<Money value={otherBonus} />
          </span>
        </div>
      )}
      {preview.sumPromo > 0 && (
        <div className="refill-summary__row">
          <span className="muted">{t('refill.result.promo')}</span>
          <span className="bonus-chip" data-testid="refill-promo">
            +<Money value={preview.sumPromo} />
          </span>
        </div>
      )}
      {preview.coins > 0 && (
        <div className="refill-summary__row">
          <span className="muted">{t('refill.result.coins')}</span>
          <span data-testid="refill-coins">+{formatAmount(preview.coins, { locale: lang })}</span>
        </div>
      )}
      <div className="refill-summary__row refill-summary__total">
        <span className="muted">{t('refill.youGet')}</span>
        <b data-testid="refill-total">
          <Money value={preview.total} />
        </b>
      </div>
      {next && <p className="muted refill-summary__next">{t('refill.nextLevel', { limit: formatAmount(next.limit, { locale: lang }), percent: percent(next.bonusPercent) })}</p>}
    </div>
  );
}
