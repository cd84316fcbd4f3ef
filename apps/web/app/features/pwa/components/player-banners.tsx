import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { installWay, permissionRevoked, pushBannerShown, pushMissionFor } from '@store/shared/pwa';
import { MISSION_DONE } from '@store/shared/account';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { closePushAsk, onPushAsk, pushAsk } from '#app/lib/push-moment.ts';
import { PUSH_BANNER_KEY, PUSH_OPTED_IN_KEY, PWA_BANNER_KEY, PWA_BONUS_KEY } from '#app/lib/storage-keys.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { claimPwaBonus } from '../api/claim-pwa-bonus.ts';
import { dropSubscription, usePushKey, usePushMission } from '../api/push-api.ts';
import { readFlag, readMoment, writeFlag, type Device } from '../utils/device.ts';
import { installPrompt, onInstallPrompt } from '../utils/install-prompt.ts';
import { unsubscribeBrowser } from '../utils/push-subscribe.ts';
import { InstallBanner } from './install-banner.tsx';
import { PushBanner } from './push-banner.tsx';
import { PushReward } from './push-reward.tsx';
import './pwa.css';
import { useT } from '#app/lib/use-t.ts';

function usePwaBonus(device: Device, userId: number) {
  const call = useApi();
  const alert = useAlert();
  const t = useT();
  const lang = useLang();
  const setFinance = useSetFinance();
  const asked = useRef(false);
  useEffect(() => {
    // The stored flag names the player, so another account on the same phone still gets its own.
    if (!device.installed || asked.current || readFlag(PWA_BONUS_KEY) === String(userId)) return;
    asked.current = true;
    claimPwaBonus(call)
      .then((r) => {
        writeFlag(PWA_BONUS_KEY, String(userId));
        if (!r.status) return;
        setFinance({ coinBalance: r.coinBalance });
        alert.success(t('pwa.pwaAlert', { count: r.coins, coins: formatAmount(r.coins, { locale: lang }) }));
      })
      .catch(() => undefined);
  }, [device.installed, userId, call, alert, t, lang, setFinance]);
}

/**
 * A signed-in player's side of the installed app (pwa.tsx mounts it): the PWA bonus when the page
 * runs as the installed app, the install banner, the push banner (once its moment came: a first
 * win or a daily case in this session) and a complete push mission's claim, one at a time, on
 * calm pages only.
 */
export function PlayerBanners({ device, userId, calm }: { device: Device; userId: number; calm: boolean }) {
  const t = useT();
  const alert = useAlert();
  usePwaBonus(device, userId);
  const [now] = useState(() => Date.now());
  // Read as an outside store: a prompt that arrives between this part's first render and its
  // effects would otherwise be missed until something else re-rendered it.
  const canPrompt = useSyncExternalStore(onInstallPrompt, () => installPrompt() !== null, () => false);
  const [installClosedAt, setInstallClosedAt] = useState(() => readMoment(PWA_BANNER_KEY));
  const [pushClosedAt, setPushClosedAt] = useState(() => readMoment(PUSH_BANNER_KEY));
  // The push banner waits for its moment in this session (lib/push-moment.ts).
  const ask = useSyncExternalStore(onPushAsk, pushAsk, () => null);
  const [optedIn, setOptedIn] = useState(
    () => device.pushCapable && readFlag(PUSH_OPTED_IN_KEY) !== null && Notification.permission === 'granted',
  );
  const type = pushMissionFor(device.installed);
  const key = usePushKey(device.pushCapable);
  const mission = usePushMission(type, device.pushCapable);

  // Spec §4 revoked: this browser opted in, then the permission was taken back in its settings.
  useEffect(() => {
    if (!device.pushCapable) return;
    const endpoint = readFlag(PUSH_OPTED_IN_KEY);
    if (!permissionRevoked(endpoint, Notification.permission)) return;
    // `optedIn` started false already: it needs the permission granted.
    writeFlag(PUSH_OPTED_IN_KEY, null);
    void dropSubscription(endpoint!);
    void unsubscribeBrowser().catch(() => undefined);
    alert.info(t('pwa.push.revoked'));
  }, [device.pushCapable, alert, t]);

  // The bonus above is paid on any page; the banners wait for a calm one (bannersWelcomeOn).
  if (!calm) return null;
  const way = installWay({
    signedIn: true,
    installed: device.installed,
    android: device.android,
    ios: device.ios,
    canPrompt,
    bonusEarned: readFlag(PWA_BONUS_KEY) === String(userId),
    closedAt: installClosedAt,
    now,
  });
  if (way) {
    const close = () => {
      writeFlag(PWA_BANNER_KEY, String(Date.now()));
      setInstallClosedAt(Date.now());
    };
    return <InstallBanner way={way} onClose={close} />;
  }
  const m = mission.data;
  if (m && !m.claimed && m.progress >= MISSION_DONE) return <PushReward mission={m} />;
  const pushShown = pushBannerShown({
    serviceAvailable: device.pushCapable && key.data?.available === true && key.data.publicKey !== null,
    signedIn: true,
    optedIn,
    dismissedAt: pushClosedAt,
    mission: m ?? null,
    ios: device.ios,
    installed: device.installed,
    now,
  });
  if (!pushShown || ask !== 'due' || !key.data?.publicKey) return null;
  const closePush = () => {
    writeFlag(PUSH_BANNER_KEY, String(Date.now()));
    setPushClosedAt(Date.now());
    closePushAsk();
  };
  return (
    <PushBanner
      publicKey={key.data.publicKey}
      installed={device.installed}
      mission={type}
      onOptedIn={() => setOptedIn(true)}
      onClose={closePush}
    />
  );
}
