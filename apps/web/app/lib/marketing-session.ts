import { useEffect } from 'react';
import { MARKETING_SENT_KEY } from './storage-keys.ts';
import { useMe } from './use-me.ts';


export interface MarketingSession {
  session_url: string;
  fbp?: string;
  fbc?: string;
}

const cookie = (header: string, name: string): string | undefined => {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
};

/**
 * What POST /api/v1/users/sessions gets: the landing address and the ad network's cookies. Null
 * when the visit has no marketing parameters at all (no _fbp/_fbc cookie, no fbclid or utm_*), so
 * nothing is sent. A click id without its cookie becomes the network's fbc format.
 */
export function marketingSession(href: string, cookieHeader: string, now: number): MarketingSession | null {
  const url = new URL(href);
  const fbp = cookie(cookieHeader, '_fbp');
  const fbclid = url.searchParams.get('fbclid');
  const fbc = cookie(cookieHeader, '_fbc') ?? (fbclid ? `fb.1.${now}.${fbclid}` : undefined);
  const utm = [...url.searchParams.keys()].some((k) => k.startsWith('utm_'));
  if (!fbp && !fbc && !utm) return null;
  return { session_url: href.slice(0, 2000), ...(fbp ? { fbp: fbp.slice(0, 200) } : {}), ...(fbc ? { fbc: fbc.slice(0, 500) } : {}) };
}

/** After mount, signed in, with marketing parameters: the session goes to the store once per browser session. */
export function useMarketingSession() {
  const signedIn = useMe() !== null;
  useEffect(() => {
    if (!signedIn) return;
    try {
      if (sessionStorage.getItem(MARKETING_SENT_KEY)) return;
    } catch {
      return;
    }
    const body = marketingSession(window.location.href, document.cookie, Date.now());
    if (!body) return;
    sessionStorage.setItem(MARKETING_SENT_KEY, '1');
    // The spec names a form body; a lost report is not worth a retry or a word to the player.
    fetch('/api/v1/users/sessions', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...body }) }).catch(() => undefined);
  }, [signedIn]);
}
