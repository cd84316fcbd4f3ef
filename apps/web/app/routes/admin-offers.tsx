import { useState } from 'react';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-offers';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getOffers, useOffers } from '#app/features/operators/api/offer-list.ts';
import { OfferCreateForm } from '#app/features/operators/components/offer-create-form.tsx';
import { OfferTable } from '#app/features/operators/components/offer-table.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/promo-console.css';
import { useT } from '#app/lib/use-t.ts';

/** /admin/offers: every offer with its sales; admins make new shop offers, change price and limit and take offers off sale (decision 033). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { offers: await asOperator(() => getOffers(api.call)) };
}

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const role = useMe()?.role ?? null;
  const canChange = mayDo(role, 'promotions.write');
  const { data } = useOffers(loaderData.offers);
  const [creating, setCreating] = useState(false);
  return (
    <div className="stack console-section" data-testid="console-offers">
      <h1>{t('admin.offers.title')}</h1>
      <p className="muted">{t('admin.offers.intro')}</p>
      {!canChange && <p className="console-note">{t('admin.offers.readOnly')}</p>}
      {canChange &&
        (creating ? (
          <section className="console-card">
            <OfferCreateForm onDone={() => setCreating(false)} />
          </section>
        ) : (
          <button type="button" className="btn btn--accent btn--m promo-new" onClick={() => setCreating(true)} data-testid="offer-new">
            {t('admin.offers.new')}
          </button>
        ))}
      <OfferTable offers={data.items} canChange={canChange} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
