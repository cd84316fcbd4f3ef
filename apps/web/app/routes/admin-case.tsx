import { data, Link } from 'react-router';
import { mayDo } from '@store/shared/operators';
import type { Route } from './+types/admin-case';
import { asOperator } from '#app/features/operators/api/console-access.ts';
import { getCase, useCase } from '#app/features/operators/api/case-detail.ts';
import { getCases } from '#app/features/operators/api/case-list.ts';
import { CaseFieldsForm } from '#app/features/operators/components/case-fields-form.tsx';
import { OddsEditor } from '#app/features/operators/components/odds-editor.tsx';
import { OddsVersions } from '#app/features/operators/components/odds-versions.tsx';
import { caseNameIn, caseStanding, sectionsOf, shownLabelText } from '#app/features/operators/utils/case-format.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import '#app/features/operators/components/case-console.css';
import { Picture } from '#app/components/picture.tsx';
import { useT } from '#app/lib/use-t.ts';

/**
 * /admin/cases/:caseId: a case's fields, its odds table with the live EV and RTP, the simulation and
 * the odds versions (decision 030). Support reads it all; only admins change it. An unknown case is not found.
 */
export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.caseId)) throw data(null, { status: 404 });
  const api = serverApi(context, request, langFromPath(url.pathname));
  try {
    const [kase, list] = await asOperator(() => Promise.all([getCase(api.call, Number(params.caseId)), getCases(api.call)]));
    return { kase, sections: sectionsOf(list.items) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) throw data(null, { status: 404 });
    throw e;
  }
}

export default function AdminCase({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const role = useMe()?.role ?? null;
  const canChange = mayDo(role, 'cases.write');
  const { data: kase } = useCase(loaderData.kase);
  const standing = caseStanding(kase);
  const label = shownLabelText(kase.shownLabel);
  return (
    <div className="stack console-section" data-testid="console-case">
      <Link to={to('/admin/cases')} className="console-link console-back">
        {t('admin.cases.back')}
      </Link>
      <section className="console-card case-head">
        <Picture src={kase.image} alt="" width={96} height={72} className="case-head__image" loading="eager" />
        <div className="stack case-head__text">
          <div className="console-card__head">
            <h1 data-testid="case-name">{caseNameIn(lang)(kase)}</h1>
            <span className={standing === 'on_sale' ? 'badge badge--confirmed' : 'badge'} data-testid="case-standing">
              {t(`admin.cases.standing.${standing}`)}
            </span>
            {label && (
              <span className="badge badge--unconfirmed" title={t('admin.cases.shownLabel.title')} data-testid="case-shown-label">
                {t(label.key, label.values)}
              </span>
            )}
          </div>
          <p className="muted">
            <code>{kase.slug}</code> · {kase.section.slug} · {kase.currency} ·{' '}
            <Link to={to(`/open/${kase.slug}`)} className="console-link">
              {t('admin.cases.storePage')}
            </Link>
          </p>
          {!canChange && <p className="console-note">{t('admin.cases.readOnly')}</p>}
        </div>
      </section>
      <OddsEditor key={`${kase.odds?.id ?? 0}:${kase.price}`} kase={kase} canChange={canChange} />
      <OddsVersions versions={kase.oddsHistory} />
      <CaseFieldsForm key={kase.id} kase={kase} sections={loaderData.sections} canChange={canChange} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
