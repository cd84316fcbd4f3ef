import { useState } from 'react';
import { data, Link } from 'react-router';
import type { Route } from './+types/provably-fair-case-history';
import {
  CASE_HISTORY_PER_PAGE,
  getCaseHistory,
  useCaseHistory,
  type CaseHistoryData,
} from '#app/features/provably-fair/api/get-case-history.ts';
import { CaseHistoryList } from '#app/features/provably-fair/components/case-history-list.tsx';
import { Pager } from '#app/components/pager.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { Skeleton } from '#app/components/skeleton.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/** /provably-fair/case-history/{caseId}: the player's openings of one case, each with its ticket and a way to check it. */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const caseId = Number(params.caseId);
  if (!Number.isInteger(caseId) || caseId < 1 || caseId > 2 ** 31 - 1) throw data(null, { status: 404 });
  const api = serverApi(context, request, langFromPath(url.pathname));
  if (!api.token) return { caseId, first: null };
  try {
    return { caseId, first: await getCaseHistory(api.call, caseId, 1) };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) throw data(null, { status: 404 });
    if (e instanceof ApiError && e.status === 401) return { caseId, first: null };
    throw e;
  }
}

export default function ProvablyFairCaseHistory({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  const { openDialog } = useUiState();
  if (!me) {
    return (
      <div className="empty" data-testid="pf-history-guest">
        <p>{t('pf.history.signIn')}</p>
        <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('register')}>
          {t('header.signIn')}
        </button>
      </div>
    );
  }
  return <History key={loaderData.caseId} caseId={loaderData.caseId} first={loaderData.first} />;
}

function History({ caseId, first }: { caseId: number; first: CaseHistoryData | null }) {
  const t = useT();
  const to = useLocalePath();
  const [page, setPage] = useState(1);
  const history = useCaseHistory(caseId, page, first);
  const res = history.data;
  if (!res) return history.isError ? <p className="empty">{history.error.message}</p> : <Skeleton height={360} radius={16} />;
  const pages = Math.max(1, Math.ceil(res.total / CASE_HISTORY_PER_PAGE));
  return (
    <section className="pf-card" data-testid="pf-case-history" data-total={res.total}>
      <div className="pf-case-head">
        {res.case.image && <Picture src={res.case.image} alt="" width={72} height={72} loading="eager" />}
        <div>
          <h2>{t('pf.history.title')}</h2>
          <b className="pf-case-head__name">{res.case.name}</b>
        </div>
        <Link to={to(`/open/${res.case.slug}`)} className="btn btn--secondary btn--s pf-case-head__go">
          {t('pf.history.toCase')}
        </Link>
      </div>
      {res.items.length === 0 ? (
        <p className="empty">{t('pf.history.empty')}</p>
      ) : (
        <div className={history.isPlaceholderData ? 'is-stale' : undefined}>
          <CaseHistoryList items={res.items} />
        </div>
      )}
      <Pager page={page} pages={pages} onPage={setPage} label={t('pf.history.title')} />
    </section>
  );
}

export const ErrorBoundary = RouteError;
