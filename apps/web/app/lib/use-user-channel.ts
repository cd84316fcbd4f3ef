import { useEffect, useState } from 'react';
import { userChannel } from '@store/shared/channels';
import type { z } from 'zod';
import type { realtimeTokenResponse } from '@store/shared/api/users';
import { apiCall } from './api.ts';
import { withTabSocket } from './tab-socket.ts';
import { useLang } from './use-lang.ts';
import { useLatest } from './use-latest.ts';

type RealtimeTokenResponse = z.infer<typeof realtimeTokenResponse>;

/** One realtime token request per player, shared by every listener of the page (a failed one is asked again). */
type Token = Awaited<ReturnType<typeof apiCall<RealtimeTokenResponse>>>;
const tokens = new Map<number, Promise<Token>>();
function realtimeTokenFor(userId: number, lang: ReturnType<typeof useLang>): Promise<Token> {
  const known = tokens.get(userId);
  if (known) return known;
  const token = apiCall<RealtimeTokenResponse>('/api/v1/users/centrifugo/token', { lang });
  tokens.set(userId, token);
  token.catch(() => tokens.delete(userId));
  return token;
}

/**
 * Listens to the signed-in player's private channel (`user#<id>`) for one event. The hub wants
 * the realtime token of GET /api/v1/users/centrifugo/token, asked once per player; a guest (a
 * null id) subscribes to nothing. Returns whether the subscription is live.
 */
export function useUserChannel<T>(userId: number | null, event: string, onEvent: (data: T) => void): boolean {
  const lang = useLang();
  const latest = useLatest(onEvent);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // No token (a dropped session, a failed call) means no private events: the pages still work.
    realtimeTokenFor(userId, lang).then(
      (res) => {
        if (cancelled || res.channel !== userChannel(userId)) return;
        stop = withTabSocket((socket) => socket.subscribe(res.channel, (name, data) => name === event && latest.current(data as T), setLive, res.centryfugoKey));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      stop?.();
      setLive(false);
    };
  }, [userId, event, latest, lang]);
  return live && !!userId;
}
