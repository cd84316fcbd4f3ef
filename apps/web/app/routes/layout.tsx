import { Outlet, useLocation, useNavigation, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/layout';
import { Header } from '#app/components/layout/header.tsx';
import { Footer } from '#app/components/layout/footer.tsx';
import { SideMenu } from '#app/components/layout/side-menu.tsx';
import { PageSkeleton } from '#app/components/layout/page-skeleton.tsx';
import { TestModeRibbon } from '#app/components/layout/test-mode-ribbon.tsx';
import { AuthDialogs } from '#app/features/auth/components/auth-dialogs.tsx';
import { LiveRibbon } from '#app/features/live/components/live-ribbon.tsx';
import { PromoPopup } from '#app/features/promo/components/promo-popup.tsx';
import { InnerOfferModal } from '#app/features/offers/components/inner-offer-modal.tsx';
import { RewardPopup } from '#app/features/leaderboards/components/reward-popup.tsx';
import { getLiveDrops } from '#app/features/live/api/get-live-drops.ts';
import { getFooterStats, useFooterStats } from '#app/features/live/api/get-footer-stats.ts';
import { langFromPath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import type { loader as rootLoader } from '#app/root.tsx';

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
      <RewardPopup />
    </div>
  );
}
