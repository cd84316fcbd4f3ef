import { Outlet, useLocation, useNavigation, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/layout';
import { Header } from '../components/layout/header.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { SideMenu } from '../components/layout/side-menu.tsx';
import { PageSkeleton } from '../components/layout/page-skeleton.tsx';
import { TestModeRibbon } from '../components/layout/test-mode-ribbon.tsx';
import { AuthDialogs } from '../features/auth/components/auth-dialogs.tsx';
import { LiveRibbon } from '../features/live/components/live-ribbon.tsx';
import { PromoPopup } from '../features/promo/components/promo-popup.tsx';
import { InnerOfferModal } from '../features/offers/components/inner-offer-modal.tsx';
import { getLiveDrops } from '../features/live/api/get-live-drops.ts';
import { getFooterStats, useFooterStats } from '../features/live/api/get-footer-stats.ts';
import { langFromPath } from '../lib/lang.ts';
import { serverApi } from '../lib/server-api.ts';
import type { loader as rootLoader } from '../root.tsx';

/** The default layout: header, live drops, the page, footer, side menu and sign-in dialogs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(new URL(request.url).pathname));
  const [drops, stats] = await Promise.all([getLiveDrops(api.call), getFooterStats(api.call)]);
  return { drops, stats };
}

// The ribbon and the counters update themselves; navigating does not need to reload them.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigation = useNavigation();
  const location = useLocation();
  const stats = useFooterStats(loaderData.stats);
  const pendingPath = navigation.state === 'loading' && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null;
  if (!root) return null;
  return (
    <div className="app">
      <TestModeRibbon sandboxes={root.config.sandboxes} />
      <Header title={root.config.title} />
      <LiveRibbon initial={loaderData.drops} />
      <main className="main">{pendingPath ? <PageSkeleton path={pendingPath} /> : <Outlet />}</main>
      <Footer config={root.config} stats={stats.data} />
      <SideMenu socials={root.config.socials} />
      <AuthDialogs />
      <PromoPopup />
      <InnerOfferModal />
    </div>
  );
}
