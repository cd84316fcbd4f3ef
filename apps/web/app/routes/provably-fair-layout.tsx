import { Outlet } from 'react-router';
import type { Route } from './+types/provably-fair-layout';
import { PfTabs } from '#app/features/provably-fair/components/pf-tabs.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { requireFeature } from '#app/lib/feature-gate.ts';
import '#app/features/provably-fair/provably-fair.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * The provably-fair layout (spec §2): the tabs over instructions, seeds and checks. With the pf
 * flag off every page under it goes to the main page (spec §5), before anything renders.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'pf');
  return null;
}

export default function ProvablyFairLayout() {
  const t = useT();
  return (
    <div className="page pf-page" data-testid="pf-page">
      <div className="pf-head">
        <span className="pf-head__badge" aria-hidden="true">
          <svg width="26" height="26" viewBox="0 0 24 24">
            <path
              d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z"
              fill="currentColor"
              opacity=".18"
              stroke="currentColor"
              strokeWidth="1.6"
              strokeLinejoin="round"
            />
            <path
              d="m8.5 12 2.5 2.5 4.5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <div>
          <h1>{t('pf.title')}</h1>
          <p className="muted">{t('pf.subtitle')}</p>
        </div>
      </div>
      <PfTabs />
      <Outlet />
    </div>
  );
}

export const ErrorBoundary = RouteError;
