import { captureUtm, parseUtmRecords, utmParams, type UtmAdditionalInfo } from '@store/shared/utm';
import { UTM_SESSION_KEY, UTM_STORAGE_KEY } from '#app/lib/storage-keys.ts';

/** A visit as the hook sees it: the query, the browser's details and its session id. */
export interface UtmVisitInBrowser {
  search: string;
  info: UtmAdditionalInfo;
  sessionId: string;
}

/**
 * What the UTM storage holds after a visit (spec §5, shared/utm.ts), or null when it stays as it
 * is, so an ordinary page view writes nothing.
 */
export function utmStorageAfterVisit(visit: UtmVisitInBrowser, stored: string | null, now: number): string | null {
  const query = Object.fromEntries(new URLSearchParams(visit.search));
  const after = JSON.stringify(captureUtm({ query, info: visit.info, sessionId: visit.sessionId, now }, parseUtmRecords(stored)));
  return after === (stored ?? '[]') ? null : after;
}

/** A fresh id for this browser session; random UUIDs need a secure page, so plain http falls back to time and chance. */
export function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The browser session's id (spec §3 sessionId): kept in session storage, so it lasts while the tab
 * does and a new visit in a new tab is a new session (decision 052).
 */
function browserSessionId(): string {
  const kept = sessionStorage.getItem(UTM_SESSION_KEY);
  if (kept) return kept;
  const id = newSessionId();
  sessionStorage.setItem(UTM_SESSION_KEY, id);
  return id;
}

const visitInfo = (): UtmAdditionalInfo => ({
  referrer: document.referrer,
  userAgent: navigator.userAgent,
  language: navigator.language,
  landingPageUrl: window.location.href,
  screen: { width: window.screen.width, height: window.screen.height },
});

/** Saves the visit's UTM parameters by the rules of spec §5, as spec §3's record. */
export function saveUtmVisit(search: string): void {
  try {
    // The session id is only made when the visit carries tags, so a plain page view stores nothing.
    const tagged = Object.keys(utmParams(Object.fromEntries(new URLSearchParams(search)))).length > 0;
    const visit = { search, info: visitInfo(), sessionId: tagged ? browserSessionId() : '' };
    const after = utmStorageAfterVisit(visit, localStorage.getItem(UTM_STORAGE_KEY), Date.now());
    if (after !== null) localStorage.setItem(UTM_STORAGE_KEY, after);
  } catch {
    // Storage can be unavailable (private mode); UTM capture is best effort.
  }
}
