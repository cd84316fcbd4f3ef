import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-cases';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getCases } from '#app/features/operators/api/case-list.ts';
import { CaseCreateForm } from '#app/features/operators/components/case-create-form.tsx';
import { CaseListTable } from '#app/features/operators/components/case-list-table.tsx';
import { caseNameIn, sectionsOf } from '#app/features/operators/utils/case-format.ts';
import { guardRangeText } from '#app/features/operators/utils/odds-editor.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/case-console.css';
import { useT } from '#app/lib/use-t.ts';

/** /admin/cases: every case with its price, RTP now, openings and state; admins make new ones here (decision 030). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  return asOperator(() => getCases(api.call));
}

export default function AdminCases({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const role = useMe()?.role ?? null;
  const name = caseNameIn(lang);
  const sections = sectionsOf(loaderData.items);
  return (
    <div className="stack console-section" data-testid="console-cases">
      <h1>{t('admin.cases.title')}</h1>
      <p className="muted">{t('admin.cases.intro', { range: guardRangeText() })}</p>
      {mayDo(role, 'cases.write') && <CaseCreateForm cases={loaderData.items} sections={sections} name={name} />}
      <CaseListTable cases={loaderData.items} name={name} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
