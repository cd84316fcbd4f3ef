import { useNavigate } from 'react-router';
import type { Route } from './+types/admin-audit';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getAudit } from '#app/features/operators/api/get-audit.ts';
import { AuditFilterForm, AuditTable } from '#app/features/operators/components/audit-table.tsx';
import { AUDIT_PER_PAGE, auditFilterOf, auditSearchOf, pageCount } from '#app/features/operators/utils/audit-filter.ts';
import { Pager } from '#app/components/pager.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** /admin/audit: what operators did, newest first; support, who may not read it, is told so by the server's refusal. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const filter = auditFilterOf(url.searchParams);
  try {
    return { filter, audit: await asOperator(() => getAudit(api.call, filter)), refused: null };
  } catch (e) {
    if (e instanceof ApiError && e.code === 'admin_only') return { filter, audit: null, refused: e.message };
    throw e;
  }
}

export default function AdminAudit({ loaderData: { filter, audit, refused } }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="stack console-section" data-testid="console-audit">
      <h1>{t('admin.audit.title')}</h1>
      {refused !== null || audit === null ? (
        <p className="form-error" role="alert" data-testid="audit-refused">
          {refused}
        </p>
      ) : (
        <>
          <AuditFilterForm key={auditSearchOf({ ...filter, page: 1 })} filter={filter} />
          <section className="console-card">
            <AuditTable items={audit.items} />
            <Pager
              page={filter.page}
              pages={pageCount(audit.total, AUDIT_PER_PAGE)}
              onPage={(page) => navigate(auditSearchOf({ ...filter, page }))}
              label={t('admin.audit.label')}
              nextTestId="audit-next"
            />
          </section>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
