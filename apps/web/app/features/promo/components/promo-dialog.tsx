import { CopyField } from '#app/components/copy-field.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import type { PromoOfferData } from '../api/get-promo-offer.ts';
import { useT } from '#app/lib/use-t.ts';

interface Props {
  code: string;
  info: PromoOfferData;
  secondsLeft: number;
  onClaim(): void;
  onClose(): void;
}

/** The promo popup's face (promo-popup.tsx decides when it opens and runs its countdown): what the code gives. */
export function PromoDialog({ code, info, secondsLeft, onClaim, onClose }: Props) {
  const t = useT();
  return (
    <Dialog title={t('promoPopup.title')} onClose={onClose} testId="promo-popup">
      <div className="stack promo-popup">
        <div className="promo-popup__timer" data-testid="promo-countdown">
          {secondsLeft}
          <small>{t('promoPopup.seconds')}</small>
        </div>
        <ul className="promo-popup__rewards" data-testid="promo-rewards">
          {info.type === 'instant' && info.sum ? (
            <li>
              {t('promoPopup.instant')} <Money value={info.sum} />
            </li>
          ) : info.type === 'blogger' && info.flexOffers?.length ? (
            info.flexOffers.map((o, i) => (
              <li key={i}>{t('promoPopup.percent', { percent: Math.round((o.moneyFactor - 100) * 100) / 100 })}</li>
            ))
          ) : (
            <li>{t('promoPopup.percent', { percent: info.percent })}</li>
          )}
        </ul>
        <CopyField label={t('refill.promo')} value={code} testId="promo-code" />
        <button type="button" className="btn btn--accent btn--l" onClick={onClaim} data-testid="promo-claim">
          {t('promoPopup.claim')}
        </button>
      </div>
    </Dialog>
  );
}
