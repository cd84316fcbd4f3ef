import { parseScam, type ScamState } from './overlay-storage.ts';
import { cookieFromHeader } from './cookie-header.ts';
import { SCAM_KEY } from './storage-keys.ts';
import { store } from './use-stored.ts';

/**
 * The scam warning's state for the server render (decision 090). Local storage keeps the state
 * (spec §9) and decides once the page is live; this cookie mirrors it so the server knows before
 * any script runs, and a signed-in page that owes the warning has it in its first paint instead of
 * popping it over the page a few seconds later on a phone. No cookie counts as never closed.
 * `never`, or the moment it was closed (ms since the epoch); a year, strict same-site, Secure over
 * https (as the viewport cookie, decision 052).
 */
export const SCAM_COOKIE = 'scamWarning';
const MAX_AGE_S = 365 * 24 * 3600;

/** The cookie's value for a state, or null for none stored. */
export const scamCookieValue = (state: ScamState | null): string | null =>
  state === null ? null : state.never ? 'never' : state.closedAt === undefined ? null : String(Math.trunc(state.closedAt));

/** The state a cookie header's scam cookie holds; null for none, or one that is not ours. */
export function scamFromCookieHeader(header: string | null | undefined): ScamState | null {
  const value = cookieFromHeader(header, SCAM_COOKIE);
  if (value === 'never') return { never: true };
  // Digits only: a whole, non-negative moment, as local storage's record would hold.
  return value !== null && /^\d{1,16}$/.test(value) ? { closedAt: Number(value) } : null;
}

/** The `document.cookie` assignment that makes the cookie hold `value` (null: remove it). */
export const scamCookie = (value: string | null, secure: boolean): string =>
  `${SCAM_COOKIE}=${value ?? ''}; Path=/; Max-Age=${value === null ? 0 : MAX_AGE_S}; SameSite=Strict${secure ? '; Secure' : ''}`;

/** Makes this browser's cookie agree with the stored raw value (local storage is the record). */
export function mirrorScamCookie(raw: string | null): void {
  const want = scamCookieValue(parseScam(raw));
  const have = scamCookieValue(scamFromCookieHeader(document.cookie));
  if (want !== have) document.cookie = scamCookie(want, window.location.protocol === 'https:');
}

/**
 * Closes the warning: local storage remembers the moment (and `never`), and the cookie follows at
 * once, not after the next render, so a page opened right away is rendered without it.
 */
export function closeScamWarning(never: boolean): void {
  const state = never ? { closedAt: Date.now(), never: true as const } : { closedAt: Date.now() };
  store(SCAM_KEY, state);
  mirrorScamCookie(JSON.stringify(state));
}
