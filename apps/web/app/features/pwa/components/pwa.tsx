import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { bannersWelcomeOn } from '@store/shared/pwa';
import { stripLang } from '#app/lib/lang.ts';
import { lazyPart } from '#app/lib/lazy-part.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { readDevice, type Device } from '../utils/device.ts';
// The browser offers its install prompt once, maybe before the banners' chunk comes: caught from the start.
import '../utils/install-prompt.ts';

// A signed-in player's banners, fetched after hydration: a guest's page never loads them.
const PlayerBanners = lazyPart(() => import('./player-banners.tsx').then((m) => m.PlayerBanners));

/**
 * The installed app and push notifications in the default layout (decision 027): the service
 * worker for everyone; for a signed-in player the PWA bonus when the page runs as the installed
 * app, the install banner, the push banner and a complete push mission's claim, one at a time.
 * Not in the operator console: an operator at work is not offered a player's reminders, and a
 * banner there would cover the tables.
 */
export function Pwa() {
  const me = useMe();
  const path = stripLang(useLocation().pathname);
  const inConsole = /^\/admin(\/|$)/.test(path);
  const device = useSyncExternalStore(noChanges, clientDevice, () => null);
  useEffect(() => {
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, []);
  if (!device || !me || inConsole) return null;
  return <PlayerBanners device={device} userId={me.userId} calm={bannersWelcomeOn(path)} />;
}

// The device does not change while the page lives; the server render has none, so nothing shows before hydration.
let cachedDevice: Device | null = null;
const clientDevice = () => (cachedDevice ??= readDevice());
const noChanges = () => () => undefined;
