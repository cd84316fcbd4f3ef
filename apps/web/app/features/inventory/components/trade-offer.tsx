import { tradeOfferUrl, useTradeOffer } from '../api/get-trade-offer.ts';
import { Countdown } from './countdown.tsx';
import { useT } from '#app/lib/use-t.ts';

/** While the seller's offer waits in Steam (`send`): the link to accept it and the time left to do so. */
export function TradeOffer({ itemId }: { itemId: number }) {
  const t = useT();
  const offer = useTradeOffer(itemId, true);
  const data = offer.data;
  if (!data?.tradeId) return null;
  return (
    <span className="trade-offer">
      <a href={tradeOfferUrl(data.tradeId)} target="_blank" rel="noopener noreferrer" className="trade-offer__link" data-testid="trade-offer-link">
        {t('withdraw.acceptOffer')}
      </a>
      {data.sendUntil && (
        <span className="trade-offer__left">
          {t('withdraw.offerLeft')} <Countdown until={data.sendUntil} arrivedAt={offer.dataUpdatedAt} testId="trade-offer-left" />
        </span>
      )}
    </span>
  );
}
