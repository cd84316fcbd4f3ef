import { redirect } from 'react-router';
import type { Me } from '@store/shared/api/users';
import type { Route } from './+types/profile-own';
import { langFromPath, localePath } from '#app/lib/lang.ts';
import { serverApi } from '#app/lib/server-api.ts';

/** /profile: the player's own profile when signed in, otherwise the main page (spec §2). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const lang = langFromPath(url.pathname);
  const api = serverApi(context, request, lang);
  const me = api.token ? await api.call<Me>('/api/v1/users/me').catch(() => null) : null;
  throw redirect(localePath(lang, me ? `/profile/${me.userId}` : '/'));
}

export default function ProfileOwn() {
  return null;
}
