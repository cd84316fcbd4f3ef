import { useTranslation } from 'react-i18next';
import { formatAmount, formatNumber } from '@store/shared/money';
import { bonusLevelFor, planDepositCredits, toSiteMinor } from '@store/shared/payments/bonus';
import type { PromoTerms } from '@store/shared/payments/promo';
import { Money } from '#app/components/money.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import type { BonusLevelData, MethodData } from '../api/get-payment-country.ts';
import type { PromoInfoData } from '../api/use-promo-info.ts';

/** What the deposit will bring, by the same arithmetic the server credits with. */
export function RefillSummary({ amount, rate, levels, method, promo }: { amount: number; rate: number; levels: BonusLevelData[]; method: MethodData | null; promo: PromoInfoData | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!(amount > 0)) return null;
  const depositMinor = toSiteMinor(Math.round(amount * 100), rate);
  const terms: PromoTerms | null =
    promo?.type === 'common' ? { kind: 'common', percent: promo.percent, img: promo.img } : promo?.type === 'blogger' ? { kind: 'blogger', img: promo.img, flexOffers: promo.flexOffers } : null;
  const plan = planDepositCredits({
    depositMinor,
    bonusLevel: bonusLevelFor(levels, depositMinor),
    methodBonusPercent: method?.bonusPercent ?? 0,
    promo: terms,
  });
  const next = [...levels].sort((a, b) => a.limit - b.limit).find((l) => l.limit * 100 > depositMinor);
  // A bonus percent can have a fraction (7,5 %): in the page's decimal sign, no trailing zeros.
  const percent = (value: number) => formatNumber(value, { locale: lang, digits: 2, fixed: false });
  return (
    <div className="refill-summary" data-testid="refill-summary">
      <div className="refill-summary__row">
        <span className="muted">{t('refill.youGet')}</span>
        <b data-testid="refill-total">
          <Money value={plan.totalMinor / 100} />
        </b>
      </div>
      {plan.bonusMinor > 0 && (
        <div className="refill-summary__row">
          <span className="muted">{t('refill.bonus', { level: percent(plan.levelPercent), method: percent(plan.methodPercent), promo: percent(plan.promoPercent) })}</span>
          <span className="bonus-chip">
            +<Money value={plan.bonusMinor / 100} />
          </span>
        </div>
      )}
      {next && <p className="muted refill-summary__next">{t('refill.nextLevel', { limit: formatAmount(next.limit, { locale: lang }), percent: percent(next.bonusPercent) })}</p>}
    </div>
  );
}
