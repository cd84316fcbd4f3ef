import './lib/zod-jitless.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { data, isRouteErrorResponse, redirect, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { PublicConfig } from '@store/shared/api/platform';
import type { Me } from '@store/shared/api/users';
import type { Route } from './+types/root';
import { ApiError, retryQuery } from './lib/api.ts';
import { frameTextsSuffice, i18nFor, setTextVariables } from './lib/i18n.ts';
import { langFromPath, localePath, localePrefix } from './lib/lang.ts';
import { localeFromCookieHeader, localeRedirect } from './lib/locale-pref.ts';
import { pageTextChunkOf, serverApi, textChunkOf } from './lib/server-api.ts';
import { clearedTokenCookie } from './lib/session.ts';
import { renderDeviceClass, useDeviceClass } from './lib/device-class.ts';
import { scamWarningDue } from './lib/overlay-storage.ts';
import { scamFromCookieHeader } from './lib/scam-cookie.ts';
import { meKey } from './lib/use-me.ts';
import { useNonce } from './lib/nonce.ts';
import { rootHead, useSeoTable } from './lib/seo-head.ts';
import { requestHead, siteOrigin } from './lib/seo-head.server.ts';
import { UiStateProvider } from './lib/ui-state.tsx';
import { hydration } from './lib/hydration.ts';
import { AlertProvider } from './components/alerts.tsx';
import { NotFound } from './components/not-found.tsx';
import { getOffline } from './features/shell/api/get-monitoring-status.ts';
import { TechWorkPage } from './features/shell/components/tech-work-page.tsx';
import { techWorkError, techWorkOf } from './features/shell/utils/tech-work.ts';
import { ShellScreen } from './routes/shell-screen.tsx';
import { BuildWatch } from './features/overlays/components/build-watch.tsx';
import { useAnalytics } from './lib/analytics/use-analytics.ts';
import { themeColor } from './lib/theme-color.ts';
import appCss from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installed app (decision 027): its manifest, and the home-screen icon iOS takes instead.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

/** A call's outcome as a value, so one failure does not hide the others' answers. */
const settle = <T,>(p: Promise<T>) => p.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));

/**
 * Who is signed in and the project configuration: every page needs both. The Russian main page
 * sends a player who chose English (here, or on another device: the account's language) to /en.
 * The monitoring status is asked alongside: while the store is offline the root fails with the
 * tech-work answer (503), which its error boundary renders instead of the whole app (spec §2).
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const cookieLang = localeFromCookieHeader(request.headers.get('cookie'));
  const chosen = localeRedirect({ pathname: url.pathname, search: url.search, cookieLang, accountLang: null });
  if (chosen) throw redirect(chosen);
  const api = serverApi(context, request, lang);
  const [config, me, offline] = await Promise.all([
    settle(api.call<PublicConfig>('/api/v1/config')),
    settle(api.token ? api.call<Me>('/api/v1/users/me').catch((e: unknown) => (e instanceof ApiError && e.status === 401 ? ('revoked' as const) : Promise.reject(e))) : Promise.resolve(null)),
    getOffline(api.call),
  ]);
  // While offline nothing else is needed: the store behind the page may be half down. Operators
  // still get the store, so whoever switched tech-work on can check it and switch it off (decision 029).
  const operator = me.ok && me.value !== null && me.value !== 'revoked' && me.value.role !== null;
  if (offline && !operator) throw techWorkError(config.ok ? config.value : null);
  if (!config.ok) throw config.error;
  if (!me.ok) throw me.error;
  const player = me.value;
  const remembered = player && player !== 'revoked' ? localeRedirect({ pathname: url.pathname, search: url.search, cookieLang, accountLang: player.language }) : null;
  if (remembered) throw redirect(remembered);
  // A revoked or unknown token is dropped so the browser stops sending it.
  const secure = url.protocol === 'https:';
  const headers: HeadersInit = player === 'revoked' ? { 'set-cookie': clearedTokenCookie(secure) } : {};
  return data(
    {
      lang,
      device: renderDeviceClass(request.headers.get('cookie')),
      config: config.value,
      me: player === 'revoked' ? null : player,
      // Whether a signed-in player's page owes the scam warning, as far as the cookie that mirrors local storage tells.
      scamDue: player !== null && player !== 'revoked' && scamWarningDue(scamFromCookieHeader(request.headers.get('cookie')), Date.now()),
      textChunk: textChunkOf(context, lang),
      pageTextChunk: pageTextChunkOf(context, lang),
      origin: siteOrigin(url),
      head: requestHead(url, config.value),
    },
    { headers },
  );
}

/** Every page's head from the shared SEO table (lib/seo-head.ts); pages that know a name have their own. */
export const meta: Route.MetaFunction = ({ data: root, location }) => (root ? rootHead(location.pathname, root) : [{ title: 'CaseStore' }]);

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const nonce = useNonce();
  // The SEO table for the pages navigated to next: after hydration, off the first page's scripts.
  useSeoTable(pathname);
  // The page language's texts, fetched with the page's own scripts rather than after them: the
  // frame's on every page, the pages' on every page but the main one (decision 041).
  const root = useRouteLoaderData<typeof loader>('root');
  const textChunk = root?.textChunk;
  const pageTextChunk = frameTextsSuffice(pathname) ? null : root?.pageTextChunk;
  return (
    // The device class the viewport cookie remembers (spec §9), there from the first paint; xl when unknown.
    // The game's look (styles/themes.css) is the project's theme, on the root from the first paint.
    <html lang={lang} data-device={root?.device ?? 'xl'} data-theme={root?.config.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor(root?.config.theme)} />
        {/* The locale prefix strategy: the browser's paths must agree with the server's (entry.client.tsx). */}
        <meta name="locale-prefix" content={localePrefix()} />
        <Meta />
        {/* The nonce the router's context gives it on the server, given in both renders alike. */}
        <Links nonce={nonce} />
        {textChunk && <link rel="modulepreload" href={textChunk} />}
        {pageTextChunk && <link rel="modulepreload" href={pageTextChunk} />}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: retryQuery, refetchOnWindowFocus: false } } }));
  const lang = langFromPath(useLocation().pathname);
  const { me } = loaderData;
  // Texts name the game of this store ("CS2", "Dota 2"); the configuration never changes under a page.
  setTextVariables({ game: loaderData.config.game });
  useDeviceClass();
  // A fresh render of the root (sign-in, sign-out, navigation) brings a fresh player.
  useEffect(() => {
    client.setQueryData(meKey, me);
  }, [client, me]);
  // Startup loads the experiments (spec §7); page views are reported from here on.
  useAnalytics(loaderData.config.services, me?.userId ?? null);
  // The root is live: every child's first effects (and the requests they start) have run; the page
  // is, once the parts that hydrate apart have too (lib/hydration.ts). Browser tests wait on it.
  useEffect(() => hydration.rootHydrated(), []);
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18nFor(lang)}>
        <AlertProvider>
          <UiStateProvider>
            <ShellScreen config={loaderData.config}>
              <Outlet />
            </ShellScreen>
            <BuildWatch />
          </UiStateProvider>
        </AlertProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

/** The last resort: a page that failed outside any layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const lang = langFromPath(pathname);
  const i18n = i18nFor(lang);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const techWork = techWorkOf(error);
  if (techWork) {
    return (
      <I18nextProvider i18n={i18n}>
        <TechWorkPage title={techWork.title} project={techWork.project} socials={techWork.socials} home={pathname} />
      </I18nextProvider>
    );
  }
  return (
    <I18nextProvider i18n={i18n}>
      <main className="page">
        {notFound ? (
          <NotFound path={pathname} />
        ) : (
          <div className="not-found">
            <h1>{i18n.t('error.title')}</h1>
            <p className="muted">{i18n.t('error.text')}</p>
            <a href={localePath(lang, '/')} className="btn btn--accent btn--l">
              {i18n.t('notFound.home')}
            </a>
          </div>
        )}
      </main>
    </I18nextProvider>
  );
}
