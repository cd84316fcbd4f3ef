import { useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/admin-withdrawals';
import { WITHDRAWAL_STUCK_AFTER_MS } from '@store/shared/api/operator-queue';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getMarketBalances } from '#app/features/operators/api/market-balances.ts';
import { getWithdrawalQueue } from '#app/features/operators/api/withdrawal-queue.ts';
import { MarketBalancesCard } from '#app/features/operators/components/market-balances.tsx';
import { WithdrawalFilterForm, WithdrawalQueueTable } from '#app/features/operators/components/withdrawal-queue.tsx';
import { pageCount } from '#app/features/operators/utils/audit-filter.ts';
import { QUEUE_PER_PAGE, queueSearchOf, withdrawalFilterOf } from '#app/features/operators/utils/withdrawal-filter.ts';
import { useAlert } from '#app/components/alerts.tsx';
import { Pager } from '#app/components/pager.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** /admin/withdrawals: the marketplaces' balances, and the withdrawals needing an operator (or all), with retry, refund and mark delivered. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const filter = withdrawalFilterOf(url.searchParams);
  // The page judges "stuck" by the time it was read, on the server and in the browser alike.
  const [queue, balances] = await Promise.all([asOperator(() => getWithdrawalQueue(api.call, filter)), asOperator(() => getMarketBalances(api.call))]);
  return { filter, queue, balances, now: new Date().toISOString() };
}

export default function AdminWithdrawals({ loaderData: { filter, queue, balances, now } }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const alert = useAlert();
  const revalidator = useRevalidator();
  return (
    <div className="stack console-section" data-testid="console-withdrawals">
      <h1>{t('admin.withdrawals.title')}</h1>
      <p className="muted console-hint">{t('admin.withdrawals.note', { minutes: WITHDRAWAL_STUCK_AFTER_MS / 60_000 })}</p>
      <MarketBalancesCard balances={balances} />
      <WithdrawalFilterForm key={queueSearchOf({ ...filter, page: 1 })} filter={filter} />
      <section className="console-card">
        <p className="muted" data-testid="withdrawal-total">
          {t('admin.withdrawals.total', { count: queue.total })}
        </p>
        <WithdrawalQueueTable
          items={queue.items}
          now={new Date(now)}
          onActed={(action) => {
            alert.success(t(`admin.withdrawals.done.${action}`));
            void revalidator.revalidate();
          }}
        />
        <Pager
          page={filter.page}
          pages={pageCount(queue.total, QUEUE_PER_PAGE)}
          onPage={(page) => navigate(queueSearchOf({ ...filter, page }))}
          label={t('admin.withdrawals.title')}
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
