import { lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches, useNavigation, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/layout';
import { Header } from '#app/components/layout/header.tsx';
import { Footer } from '#app/components/layout/footer.tsx';
import { SideMenu } from '#app/components/layout/side-menu.tsx';
import { useGuide } from '#app/components/layout/use-guide.ts';
import { isFocused } from '#app/components/layout/layout-handle.ts';
import { TestModeRibbon } from '#app/components/layout/test-mode-ribbon.tsx';
import { HydrateApart } from '#app/components/hydrate-apart.tsx';
import { AuthDialogs } from '#app/features/auth/components/auth-dialogs.tsx';
import { LiveRibbon } from '#app/features/live/components/live-ribbon.tsx';
import { PromoGate } from '#app/features/promo/components/promo-gate.tsx';
import type { BoughtItem } from '#app/features/offers/api/use-triggers.ts';
import { getCurrentEvent } from '#app/features/event/api/get-current-event.ts';
import { EventCoinsListener } from '#app/features/event/components/event-coins-listener.tsx';
import { Overlays } from '#app/features/overlays/components/overlays.tsx';
import { Pwa } from '#app/features/pwa/components/pwa.tsx';
import { getLiveDrops } from '#app/features/live/api/get-live-drops.ts';
import { getFooterStats, useFooterStats, type FooterStatsData } from '#app/features/live/api/get-footer-stats.ts';
import type { ConfigData } from '#app/lib/config.ts';
import { coinLookOf } from '#app/lib/coin-look.ts';
import { CoinLookProvider } from '#app/lib/coin-look-context.tsx';
import { langFromPath } from '#app/lib/lang.ts';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMarketingSession } from '#app/lib/marketing-session.ts';
import { useStartupLoads, type LazyStartupLoad } from '#app/lib/use-startup-loads.ts';
import { usePageTexts } from '#app/lib/use-page-texts.ts';
import { useMe } from '#app/lib/use-me.ts';
import { whenIdle } from '#app/lib/when-idle.ts';
import { useSavedQueryCapture } from '#app/lib/saved-query.ts';
import { useLanguageSync } from '#app/lib/use-change-language.ts';
import { serverApi } from '#app/lib/server-api.ts';
import type { loader as rootLoader } from '#app/root.tsx';

/**
 * The default layout: header, live drops, the page, footer, side menu and sign-in dialogs; a
 * focused layout inside it (refill) leaves the live drops out (`layout-handle.ts`). The
 * event's coin look comes with it: no event, or settings that failed to load, is the default coin
 * (spec §8).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const api = serverApi(context, request, langFromPath(url.pathname));
  const [drops, stats, event] = await Promise.all([getLiveDrops(api.call), getFooterStats(api.call), getCurrentEvent(api.call).catch(() => null)]);
  return { drops, stats, coinLook: coinLookOf(event) };
}

// Opened from the menu or the footer: fetched then, not with every page.
// A bought case's roulette, fetched only when a player buys the inner offer's case.
const BundleReveal = lazyPart(() => import('#app/features/cases/components/bundle-reveal.tsx').then((m) => m.BundleReveal));
const GuideDialog = lazyPart(() => import('#app/components/layout/guide-dialog.tsx').then((m) => m.GuideDialog));
// What only a signed-in player has (fired offers, board rewards, withdrawals' news): fetched after
// the first scripts, and never for a guest.
const InnerOfferModal = lazyPart(() => import('#app/features/offers/components/inner-offer-modal.tsx').then((m) => m.InnerOfferModal));
const RewardPopup = lazyPart(() => import('#app/features/leaderboards/components/reward-popup.tsx').then((m) => m.RewardPopup));
const WithdrawalListener = lazyPart(() => import('#app/features/inventory/components/withdrawal-listener.tsx').then((m) => m.WithdrawalListener));

// Shown only while a page the player went to loads, never by the server: fetched once the first
// page is idle, well before a click needs it, so the main page's first scripts leave it out.
const skeletonChunk = () => import('#app/components/layout/page-skeleton.tsx');
const PageSkeleton = lazy(() => skeletonChunk().then((m) => ({ default: m.PageSkeleton })));

// Spec §7 startup, besides the player, levels and experiments: the player's subscriptions and fast missions.
// Imported at idle, so neither module rides in the first scripts.
const STARTUP_LOADS: readonly LazyStartupLoad[] = [
  () => import('#app/features/account/api/get-subscriptions.ts').then((m) => ({ key: m.subscriptionsKey, fetch: m.getSubscriptions })),
  () => import('#app/features/missions/api/get-fast-missions.ts').then((m) => ({ key: m.fastMissionsKey, fetch: m.getFastMissions })),
];

// The ribbon and the counters update themselves; navigating does not need to reload them.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigation = useNavigation();
  const location = useLocation();
  const focused = isFocused(useMatches());
  const guide = useGuide();
  const me = useMe();
  useLanguageSync();
  useMarketingSession();
  useSavedQueryCapture();
  useStartupLoads(root?.me?.userId ?? null, STARTUP_LOADS);
  useEffect(() => whenIdle(() => void skeletonChunk().catch(() => undefined)), []);
  const pendingPath = navigation.state === 'loading' && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null;
  // Reached from the main page, which loaded only the frame's texts, a page waits for its own:
  // fetched while its data loads, its skeleton shown until both are here.
  const textsReady = usePageTexts(pendingPath ?? location.pathname);
  // What the inner offer's case dropped, revealed like any opening, never silently.
  const [bought, setBought] = useState<BoughtItem[] | null>(null);
  if (!root) return null;
  return (
    <CoinLookProvider look={loaderData.coinLook}>
      <div className="app">
        <TestModeRibbon sandboxes={root.config.sandboxes} />
        <Header title={root.config.title} flags={root.config.flags} />
        {/* What is below the header hydrates part by part (HydrateApart), so no one commit holds all of it. */}
        {!focused && (
          <HydrateApart>
            <LiveRibbon initial={loaderData.drops} />
          </HydrateApart>
        )}
        <main className="main">
          <HydrateApart>{pendingPath || !textsReady ? <PageSkeleton path={pendingPath ?? location.pathname} /> : <Outlet />}</HydrateApart>
        </main>
        <HydrateApart>
          <LiveFooter initial={loaderData.stats} config={root.config} onGuide={guide.show} />
        </HydrateApart>
        <HydrateApart>
          <SideMenu socials={root.config.socials} flags={root.config.flags} onGuide={guide.show} />
        </HydrateApart>
        {guide.open && <GuideDialog onClose={guide.close} />}
        <HydrateApart>
          <AuthDialogs />
          <PromoGate />
          {me && <InnerOfferModal onBought={setBought} />}
          {bought && <BundleReveal items={bought} onClose={() => setBought(null)} />}
          {me && <RewardPopup />}
          <EventCoinsListener />
          {me && <WithdrawalListener />}
          <Overlays />
          <Pwa />
        </HydrateApart>
      </div>
    </CoinLookProvider>
  );
}

/**
 * The footer with its figures, which refresh every ten seconds: the refresh re-renders the footer
 * alone, not the layout and the page inside it, which would be a long task on a phone every ten
 * seconds.
 */
function LiveFooter({ initial, config, onGuide }: { initial: FooterStatsData; config: ConfigData; onGuide(): void }) {
  const stats = useFooterStats(initial);
  return <Footer config={config} stats={stats.data} onGuide={onGuide} />;
}
