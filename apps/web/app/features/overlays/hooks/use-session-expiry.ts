import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAlert } from '#app/components/alerts.tsx';
import { apiCall, onUnauthorized } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { meKey, type MeData } from '#app/lib/use-me.ts';
import { useLatest } from '#app/lib/use-latest.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Spec §8: a 401 while the page thinks someone is signed in means the session ended elsewhere
 * (signed out on another device, revoked by support). The stored token is cleared (the cookie
 * is HttpOnly, so the server's logout drops it), the page turns to a guest's, and the player is
 * told once. A guest's 401 (a battle's sign-in refusal, a wrong password) changes nothing here.
 */
export function useSessionExpiry() {
  const client = useQueryClient();
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const latest = useLatest({ t, lang, alert });
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!client.getQueryData<MeData | null>(meKey)) return;
        client.setQueryData(meKey, null);
        const { t, lang, alert } = latest.current;
        alert.error(t('overlays.session.text'), t('overlays.session.title'));
        apiCall('/nitro-api/logout', { lang }).catch(() => undefined);
      }),
    [client, latest],
  );
}
