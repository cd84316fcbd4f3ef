import { Outlet } from 'react-router';
import type { Route } from './+types/admin-layout';
import { requireOperator } from '#app/features/operators/api/console-access.ts';
import { ConsoleNav } from '#app/features/operators/components/console-nav.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import { i18nFor, loadConsoleTexts } from '#app/lib/i18n.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { rootHead, rootSeoData } from '#app/lib/seo-head.ts';
import '#app/styles/console.css';
import type { PageViewHandle } from '#app/lib/analytics/use-page-views.ts';

// Operators at work are not visitors: the console's pages send no page views (spec §7 lets a route skip them).
export const handle: PageViewHandle = { pageView: false };

/**
 * The operator console (/admin, decision 029): its side navigation and the section under it. Only
 * an account with an operator role gets past the loader; a guest or a player gets the not-found
 * page, as for any address the store does not have. The server refuses every call anyway.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  return { role: await requireOperator(api.call, api.token) };
}

/** On the way in from a player's page, the console's texts come before its first render (a page loaded in the console has them from the entry). */
export async function clientLoader({ url, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadConsoleTexts(langFromPath(url.pathname))]);
  return data;
}

/**
 * The console is nobody's search result. Refused, it has the root's head, which is the not-found
 * page's: the SEO table leaves the console out, so nothing in the head says it exists.
 */
export const meta: Route.MetaFunction = ({ data, error, location, matches }) => {
  if (error || !data) {
    const root = rootSeoData(matches);
    return root ? rootHead(location.pathname, root) : [];
  }
  return [{ title: i18nFor(langFromPath(location.pathname)).t('admin.title') }, { name: 'robots', content: 'noindex, nofollow' }];
};

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page console" data-testid="console">
      <ConsoleNav role={loaderData.role} />
      <div className="console__main">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
