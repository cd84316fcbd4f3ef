import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Route } from './+types/offers-shop';
import { getOffers, type OfferData } from '#app/features/offers/api/get-offers.ts';
import { useConfirm } from '#app/components/confirm-dialog.tsx';
import { EmptyState } from '#app/components/empty-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useBuyOffer } from '#app/features/offers/api/buy-offer.ts';
import { BundleReveal, type BundleItemData } from '#app/features/cases/components/bundle-reveal.tsx';
import { useSellInBatches } from '#app/features/inventory/api/sell-items.ts';
import { BalanceDialog } from '#app/features/offers/components/balance-dialog.tsx';
import { OfferCard } from '#app/features/offers/components/offer-card.tsx';
import { useAlert } from '#app/components/alerts.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { requireFeature } from '#app/lib/feature-gate.ts';
import { useApi } from '#app/lib/use-api.ts';
import { takeSavedQuery } from '#app/lib/saved-query.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/offers/offers.css';
import { useT } from '#app/lib/use-t.ts';

/** /offers-shop: one-off bundles of cases, and the secret shop. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'secretShop');
  const api = serverApi(context, request, langFromPath(url.pathname));
  const [offers, secret] = await Promise.all([getOffers(api.call), getOffers(api.call, true)]);
  return { offers, secret };
}

export default function OffersShop({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  const call = useApi();
  const to = useLocalePath();
  const alert = useAlert();
  const { openDialog } = useUiState();
  const buy = useBuyOffer();
  const [params, setParams] = useSearchParams();
  const [closedBalance, setClosedBalance] = useState(false);
  // What a bought bundle opened: its cases' roulettes, then the list (as any opening, never silently).
  const [revealed, setRevealed] = useState<{ items: BundleItemData[]; sold: boolean } | null>(null);
  const sell = useSellInBatches();
  // An offer a link pointed at (?offerId=, kept in the saved query through a sign-in) is marked and brought into view once.
  useEffect(() => {
    const id = Number(takeSavedQuery('offerId'));
    const card = Number.isInteger(id) && id > 0 ? document.getElementById(`offer-${id}`) : null;
    if (!card) return;
    card.classList.add('offer-card--pointed');
    card.dataset.pointed = 'true';
    card.scrollIntoView({ block: 'center' });
  }, []);
  // Spec §2: ?shut_up_and_take_my_money=true opens the balance popup.
  const wantsBalance = params.get('shut_up_and_take_my_money') === 'true' && !closedBalance;
  const offers = useQuery({ queryKey: ['offers', me?.userId ?? 0, 'all'], queryFn: () => getOffers(call), initialData: loaderData.offers });
  const secret = useQuery({ queryKey: ['offers', me?.userId ?? 0, 'secret'], queryFn: () => getOffers(call, true), initialData: loaderData.secret });

  const confirmBuy = useConfirm('buy-offer');
  const onBuy = (offer: OfferData) => {
    if (!me) return openDialog('register');
    confirmBuy.ask({
      title: t('offers.buyTitle'),
      text: t('offers.buyText', { title: offer.title }),
      sum: offer.price,
      confirmLabel: t('offers.buyYes'),
      run: () =>
        buy.mutate(offer, {
          onSuccess: (res) => setRevealed({ items: res.items, sold: false }),
          onError: (e) => alert.failure(e),
        }),
    });
  };

  const grid = (list: OfferData[]) => (
    <div className="offer-grid">
      {list.map((o) => (
        <OfferCard key={o.id} offer={o} onBuy={() => onBuy(o)} busy={buy.isPending} signedIn={!!me} />
      ))}
    </div>
  );

  return (
    <div className="page">
      {confirmBuy.dialog}
      {revealed && (
        <BundleReveal
          items={revealed.items}
          sold={revealed.sold}
          selling={sell.isPending}
          onSell={() =>
            // A bundle may hold more than one sale call takes (10): sold in batches, as the quick sale does.
            sell.mutate(
              { ids: revealed.items.map((i) => i.id) },
              {
                onSuccess: (res) => {
                  if (!res.error) return setRevealed({ ...revealed, sold: true });
                  // A batch failed after others sold: the list keeps what is still the player's to sell.
                  alert.error(res.error.message);
                  setRevealed({ items: revealed.items.filter((i) => !res.sold.includes(i.id)), sold: false });
                },
                onError: (e) => alert.error(e.message),
              },
            )
          }
          onClose={() => setRevealed(null)}
        />
      )}
      <div className="page-head">
        <h1>{t('offers.title')}</h1>
        <p className="muted">{t('offers.subtitle')}</p>
      </div>
      {offers.data.length ? grid(offers.data) : <EmptyState text={t('offers.empty')} action={{ label: t('offers.emptyAction'), to: to('/') }} />}
      {secret.data.length > 0 && (
        <section className="secret-shop" data-testid="secret-shop">
          <h2>{t('offers.secret')}</h2>
          {grid(secret.data)}
        </section>
      )}
      {wantsBalance && me && (
        <BalanceDialog
          me={me}
          onClose={() => {
            setClosedBalance(true);
            params.delete('shut_up_and_take_my_money');
            setParams(params, { replace: true });
          }}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
