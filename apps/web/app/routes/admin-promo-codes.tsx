import { useState } from 'react';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-promo-codes';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getPromoCodes, usePromoCodes } from '#app/features/operators/api/promo-codes.ts';
import { PromoForm } from '#app/features/operators/components/promo-form.tsx';
import { PromoTable } from '#app/features/operators/components/promo-table.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/promo-console.css';
import { useT } from '#app/lib/use-t.ts';

/** /admin/promo-codes: every code with its use; admins make, edit and switch codes off here (decision 033). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { codes: await asOperator(() => getPromoCodes(api.call)) };
}

export default function AdminPromoCodes({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const role = useMe()?.role ?? null;
  const canChange = mayDo(role, 'promotions.write');
  const { data } = usePromoCodes(loaderData.codes);
  const [creating, setCreating] = useState(false);
  return (
    <div className="stack console-section" data-testid="console-promo-codes">
      <h1>{t('admin.promo.title')}</h1>
      <p className="muted">{t('admin.promo.intro')}</p>
      {!canChange && (
        <p className="console-note" data-testid="promo-read-only">
          {t('admin.promo.readOnly')}
        </p>
      )}
      {canChange &&
        (creating ? (
          <section className="console-card">
            <PromoForm onDone={() => setCreating(false)} />
          </section>
        ) : (
          <button type="button" className="btn btn--accent btn--m promo-new" onClick={() => setCreating(true)} data-testid="promo-new">
            {t('admin.promo.new')}
          </button>
        ))}
      <PromoTable codes={data.items} canChange={canChange} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
