import { Link, redirect } from 'react-router';
import type { Route } from './+types/profile-settings';
import { getIdentities, useIdentities } from '#app/features/account/api/get-identities.ts';
import { getSessions } from '#app/features/account/api/get-sessions.ts';
import { getSubscriptions } from '#app/features/account/api/get-subscriptions.ts';
import { EmailReturn } from '#app/features/account/components/email-return.tsx';
import { LanguageSection } from '#app/features/account/components/language-section.tsx';
import { PersonalSection } from '#app/features/account/components/personal-section.tsx';
import { ProfileSection } from '#app/features/account/components/profile-section.tsx';
import { SessionsSection } from '#app/features/account/components/sessions-section.tsx';
import { SigninMethodsSection } from '#app/features/account/components/signin-methods-section.tsx';
import { SubscriptionsSection } from '#app/features/account/components/subscriptions-section.tsx';
import { SignOutEverywhere } from '#app/features/profile/components/sign-out-everywhere.tsx';
import { RouteError } from '#app/components/route-error.tsx';
import '#app/features/account/account.css';
import { ApiError } from '#app/lib/api.ts';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

/** /profile/settings: the signed-in player's account; a guest (or a session gone stale) goes to the main page. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const home = localePath(lang, '/');
  const api = serverApi(context, request, lang);
  if (!api.token) throw redirect(home);
  try {
    const [identities, sessions, subscriptions] = await Promise.all([getIdentities(api.call), getSessions(api.call), getSubscriptions(api.call)]);
    return { lang, identities, sessions, subscriptions };
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw redirect(home);
    throw e;
  }
}

export default function ProfileSettings({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const me = useMe();
  const to = useLocalePath();
  // The avatar choice lists the pictures of the providers linked right now.
  const { data: identities } = useIdentities(loaderData.identities);
  if (!me) return null;
  return (
    <div className="page settings" data-testid="settings-page">
      <EmailReturn />
      <div className="settings__head">
        <h1>{t('account.title')}</h1>
        <Link to={to(`/profile/${me.userId}`)} className="btn btn--secondary btn--s" data-testid="settings-back">
          {t('account.back')}
        </Link>
      </div>
      <div className="settings__grid">
        <ProfileSection key={`profile-${me.userId}`} me={me} identities={identities.identities} />
        <PersonalSection key={`personal-${me.userId}`} me={me} />
        <SigninMethodsSection me={me} initial={loaderData.identities} />
        <SessionsSection initial={loaderData.sessions} everywhere={<SignOutEverywhere />} />
        <SubscriptionsSection initial={loaderData.subscriptions} />
        <LanguageSection />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
