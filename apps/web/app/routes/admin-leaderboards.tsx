import { useState } from 'react';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-leaderboards';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getLeaderboards, useLeaderboards } from '#app/features/operators/api/leaderboard-list.ts';
import { LeaderboardCreateForm, LeaderboardTable } from '#app/features/operators/components/leaderboard-table.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/promo-console.css';
import { useT } from '#app/lib/use-t.ts';

/** /admin/leaderboards: every board with who plays and what it paid; admins start boards and end them early (decision 033). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return { boards: await asOperator(() => getLeaderboards(api.call)) };
}

export default function AdminLeaderboards({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const role = useMe()?.role ?? null;
  const canChange = mayDo(role, 'promotions.write');
  const { data } = useLeaderboards(loaderData.boards);
  const [creating, setCreating] = useState(false);
  return (
    <div className="stack console-section" data-testid="console-leaderboards">
      <h1>{t('admin.leaderboards.title')}</h1>
      <p className="muted">{t('admin.leaderboards.intro')}</p>
      {!canChange && <p className="console-note">{t('admin.leaderboards.readOnly')}</p>}
      {canChange &&
        (creating ? (
          <section className="console-card">
            <LeaderboardCreateForm onDone={() => setCreating(false)} />
          </section>
        ) : (
          <button type="button" className="btn btn--accent btn--m promo-new" onClick={() => setCreating(true)} data-testid="leaderboard-new">
            {t('admin.leaderboards.new')}
          </button>
        ))}
      <LeaderboardTable boards={data.items} canChange={canChange} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
