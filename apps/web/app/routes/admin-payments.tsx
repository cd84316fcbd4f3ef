import { useNavigate } from 'react-router';
import type { Route } from './+types/admin-payments';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getPayments } from '#app/features/operators/api/payment-list.ts';
import { PaymentFilterForm, PaymentTable } from '#app/features/operators/components/payment-table.tsx';
import { pageCount } from '#app/features/operators/utils/audit-filter.ts';
import { paymentFilterOf, QUEUE_PER_PAGE, queueSearchOf } from '#app/features/operators/utils/withdrawal-filter.ts';
import { Pager } from '#app/components/pager.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** /admin/payments: top-ups with their provider references and what the provider's callback settled. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const filter = paymentFilterOf(url.searchParams);
  return { filter, payments: await asOperator(() => getPayments(api.call, filter)) };
}

export default function AdminPayments({ loaderData: { filter, payments } }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="stack console-section" data-testid="console-payments">
      <h1>{t('admin.payments.title')}</h1>
      <p className="muted console-hint">{t('admin.payments.note')}</p>
      <PaymentFilterForm key={queueSearchOf({ ...filter, page: 1 })} filter={filter} />
      <section className="console-card">
        <p className="muted" data-testid="payment-total">
          {t('admin.payments.total', { count: payments.total })}
        </p>
        <PaymentTable items={payments.items} />
        <Pager
          page={filter.page}
          pages={pageCount(payments.total, QUEUE_PER_PAGE)}
          onPage={(page) => navigate(queueSearchOf({ ...filter, page }))}
          label={t('admin.payments.title')}
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
