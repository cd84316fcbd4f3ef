import { SCAM_COOKIE } from '../../apps/web/app/lib/scam-cookie.ts';
import { CONSENT_KEY, SCAM_KEY } from '../../apps/web/app/lib/storage-keys.ts';

/**
 * The browser state every spec starts from unless it says otherwise: cookies already accepted and
 * the scam warning already dismissed for good, as for a returning visitor. The overlays would
 * otherwise stand over what a spec clicks and appear in its screenshots; `overlays.spec.ts`
 * starts from a clean browser and proves them. Set once in playwright.config.ts, so pages from
 * `browser.newContext()` get it too.
 */
export function overlaysDismissed(baseURL: string) {
  const { hostname } = new URL(baseURL);
  return {
    // The warning's cookie too, which the server renders by (decision 090).
    cookies: [{ name: SCAM_COOKIE, value: 'never', domain: hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Strict' as const }],
    origins: [
      {
        origin: new URL(baseURL).origin,
        localStorage: [
          { name: CONSENT_KEY, value: JSON.stringify({ accepted: true, at: Date.now() }) },
          { name: SCAM_KEY, value: JSON.stringify({ never: true }) },
        ],
      },
    ],
  };
}

/** A browser that has never been here: every overlay shows as it would to a new visitor. */
export const cleanBrowser = { cookies: [], origins: [] };
