import { useAlert } from '#app/components/alerts.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { Money } from '#app/components/money.tsx';
import { useTriggerActions, type InnerOfferData, type BoughtItem } from '../api/use-triggers.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * One fired offer (inner-offer-modal.tsx picks it): buying closes it, and so does dismissing it
 * (the trigger is then closed on the server too). `onHide` takes it off the screen at once;
 * `onBought` is given what the bought case dropped, for the layout to reveal it.
 */
export function InnerOfferDialog({ offer, onHide, onBought }: { offer: InnerOfferData; onHide(): void; onBought(items: BoughtItem[]): void }) {
  const t = useT();
  const alert = useAlert();
  const { pay, close } = useTriggerActions();
  const firstCase = offer.cases[0];
  const dismiss = () => {
    onHide();
    close.mutate(offer.triggerId);
  };
  const buy = () => {
    if (!firstCase) return dismiss();
    pay.mutate(firstCase.id, {
      onSuccess: (res) => {
        onHide();
        onBought(res.items);
      },
      onError: (e) => alert.failure(e),
    });
  };
  return (
    <Dialog title={offer.title} onClose={dismiss} testId="inner-offer">
      <div className="stack inner-offer">
        <p className="muted">{offer.description}</p>
        {firstCase && (
          <div className="inner-offer__case">
            <Picture src={firstCase.image} alt="" width={120} height={120} loading="eager" />
            <b>{firstCase.name}</b>
          </div>
        )}
        <p className="offer-card__prices">
          <s>
            <Money value={offer.oldPrice} />
          </s>
          <Money value={offer.price} />
          {offer.sale > 0 && <span className="offer-card__sale offer-card__sale--inline">−{offer.sale}%</span>}
        </p>
        <button type="button" className="btn btn--accent btn--l" onClick={buy} disabled={pay.isPending} data-testid="inner-offer-buy">
          {t('offers.buy')}
        </button>
      </div>
    </Dialog>
  );
}
