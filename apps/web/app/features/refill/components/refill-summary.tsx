import { useTranslation } from 'react-i18next';
import { bonusLevelFor, planDepositCredits, toSiteMinor } from '@store/shared/payments/bonus';
import type { PromoTerms } from '@store/shared/payments/promo';
import { Money } from '#app/components/money.tsx';
import type { BonusLevelData, MethodData } from '../api/get-payment-country.ts';
import type { PromoInfoData } from '../api/use-promo-info.ts';

/** What the deposit will bring, by the same arithmetic the server credits with. */
export function RefillSummary({ amount, rate, levels, method, promo }: { amount: number; rate: number; levels: BonusLevelData[]; method: MethodData | null; promo: PromoInfoData | null }) {
  const { t } = useTranslation();
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
          <span className="muted">{t('refill.bonus', { level: plan.levelPercent, method: plan.methodPercent, promo: plan.promoPercent })}</span>
          <span className="bonus-chip">
            +<Money value={plan.bonusMinor / 100} />
          </span>
        </div>
      )}
      {next && <p className="muted refill-summary__next">{t('refill.nextLevel', { limit: next.limit, percent: next.bonusPercent })}</p>}
    </div>
  );
}
