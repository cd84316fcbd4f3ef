import { redirect } from 'react-router';
import type { Route } from './+types/land1';
import { LandingHero } from '#app/features/shell/components/landing-hero.tsx';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';

/**
 * /land1 (spec §2): the landing for advertised traffic. A visitor with a session is sent to the
 * main page; a token the server no longer knows still counts as a guest's, since the main page
 * would drop it anyway.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  if (api.token) {
    const signedIn = await api.call('/api/v1/users/me').then(
      () => true,
      () => false,
    );
    if (signedIn) throw redirect(localePath(lang, '/'));
  }
  return null;
}

export default function Land1() {
  const { openDialog } = useUiState();
  const me = useMe();
  const to = useLocalePath();
  // Signed in from the landing's own dialog: the page stays (the new account's password is still on
  // screen) and its button leads to the cases.
  return <LandingHero signedIn={me !== null} onSignIn={() => openDialog('register')} casesHref={to('/')} />;
}
