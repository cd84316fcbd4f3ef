import { isAndroid, isInstalled, isIos } from '@store/shared/pwa';

/** What the banners need to know about this browser; read after hydration only (the server has no window). */
export interface Device {
  ios: boolean;
  android: boolean;
  installed: boolean;
  /** Service workers, the Push API and notifications are all there. */
  pushCapable: boolean;
}

export function readDevice(): Device {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    ios: isIos(nav.userAgent, nav.maxTouchPoints),
    android: isAndroid(nav.userAgent),
    installed: isInstalled({ matchMedia: (q) => window.matchMedia(q), navigator: nav }),
    pushCapable: 'serviceWorker' in nav && 'PushManager' in window && 'Notification' in window,
  };
}

/** A moment kept in local storage (a banner closed); null when missing or unreadable. */
export function readMoment(key: string): number | null {
  try {
    const raw = window.localStorage.getItem(key);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) ? n : null;
  } catch {
    return null;
  }
}

export function writeFlag(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Refused storage (a private window): the banner may come back sooner, which is harmless.
  }
}

export function readFlag(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
