import type { CSSProperties } from 'react';
import { formatAmount } from '@store/shared/money';
import { offerLabelColor } from '@store/shared/offer-label';
import { useLang } from '#app/lib/use-lang.ts';
import { Money } from '#app/components/money.tsx';
import type { OfferData } from '../api/get-offers.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A bundle: its cases, the old and new price, the bonuses, and buy (once per player). */
export function OfferCard({ offer, onBuy, busy, signedIn }: { offer: OfferData; onBuy: () => void; busy: boolean; signedIn: boolean }) {
  const t = useT();
  const lang = useLang();
  const soldOut = offer.left !== null && offer.left <= 0;
  return (
    <article id={`offer-${offer.id}`} className="offer-card" style={{ '--label': offerLabelColor(offer.label, offer.labelColor) ?? 'var(--accent-2)' } as CSSProperties} data-testid="offer-card">
      {offer.sale > 0 && <span className="offer-card__sale">−{offer.sale}%</span>}
      {offer.labelName && <span className="case-label offer-card__label">{offer.labelName}</span>}
      <h3 className="offer-card__title">{offer.title}</h3>
      <p className="muted offer-card__text">{offer.description}</p>
      <ul className="offer-card__cases">
        {offer.cases.map((c) => (
          <li key={c.slug}>
            <Picture src={c.image} alt="" width={72} height={72} />
            <span>
              {c.name} <b>×{c.count}</b>
            </span>
          </li>
        ))}
      </ul>
      {(offer.bonusMoney > 0 || offer.bonusCoins > 0) && (
        <p className="offer-card__bonus">
          {offer.bonusMoney > 0 && (
            <span>
              +<Money value={offer.bonusMoney} />
            </span>
          )}
          {offer.bonusCoins > 0 && <span>{t('offers.coins', { count: offer.bonusCoins, n: formatAmount(offer.bonusCoins, { locale: lang }) })}</span>}
        </p>
      )}
      <div className="offer-card__buy">
        <span className="offer-card__prices">
          <s>
            <Money value={offer.oldPrice} />
          </s>
          <Money value={offer.price} />
        </span>
        <button type="button" className="btn btn--accent btn--m" disabled={busy || offer.bought || soldOut} onClick={onBuy} data-testid="offer-buy">
          {offer.bought ? t('offers.bought') : soldOut ? t('offers.soldOut') : signedIn ? t('offers.buy') : t('header.signIn')}
        </button>
      </div>
      {offer.left !== null && !soldOut && <small className="muted">{t('offers.left', { n: offer.left })}</small>}
    </article>
  );
}
