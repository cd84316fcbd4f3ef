import { useEffect } from 'react';
import { DEVICE_RESIZE_DEBOUNCE_MS, deviceClass, isDeviceClass, type DeviceClass } from '@store/shared/breakpoints';
import { cookieFromHeader } from './cookie-header.ts';

/**
 * The viewport cookie of spec §9: the device class (shared/breakpoints.ts) this browser last had,
 * so the server render of the next page knows it before any script runs. A year, strict same-site,
 * and Secure when the page came over https; plain http (a developer's localhost) leaves Secure
 * off, or the browser would refuse the cookie (decision 052).
 */
export const VIEWPORT_COOKIE = 'viewport';
export const VIEWPORT_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const viewportCookie = (cls: DeviceClass, secure: boolean): string =>
  `${VIEWPORT_COOKIE}=${cls}; Path=/; Max-Age=${VIEWPORT_COOKIE_MAX_AGE_S}; SameSite=Strict${secure ? '; Secure' : ''}`;

/** The class the cookie holds, or null when there is none or it is not one. */
export function viewportFromCookieHeader(header: string | null | undefined): DeviceClass | null {
  const value = cookieFromHeader(header, VIEWPORT_COOKIE);
  return isDeviceClass(value) ? value : null;
}

/** What the server renders with: the cookie's class, else the spec's fallback xl. */
export const renderDeviceClass = (cookieHeader: string | null | undefined): DeviceClass => viewportFromCookieHeader(cookieHeader) ?? deviceClass(null);

/** Runs `fn` once calls stop for `ms`; `cancel` drops a pending run. */
export function debounce(fn: () => void, ms: number): { run: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run: () => {
      clearTimeout(timer);
      timer = setTimeout(fn, ms);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * Keeps `<html data-device>` and the viewport cookie on this window's device class: worked out
 * once the page is live and again 50 ms after resizing stops (spec §9); the server rendered the
 * attribute from the cookie. No React state: nothing renders by the class, and a state change
 * here re-rendered the whole page right after hydration (a phone's first visit, which the server
 * renders as xl, paid for the page twice).
 */
export function useDeviceClass(): void {
  useEffect(() => {
    const refresh = () => {
      const cls = deviceClass(window.innerWidth);
      const html = document.documentElement;
      if (html.dataset.device !== cls) html.dataset.device = cls;
      if (viewportFromCookieHeader(document.cookie) !== cls) document.cookie = viewportCookie(cls, window.location.protocol === 'https:');
    };
    refresh();
    const later = debounce(refresh, DEVICE_RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', later.run);
    return () => {
      later.cancel();
      window.removeEventListener('resize', later.run);
    };
  }, []);
}
