/**
 * "Failing to load a route chunk reloads to the target" (spec §8). After a deploy an open tab may
 * ask for a script file the new build no longer has; React Router then reloads the page it was
 * leaving. The page it was going to is remembered across that reload, and the fresh page goes
 * there. A guard in session storage refuses a second reload to the same address within 10 s
 * (spec §9 reload guard TTL), so a page that truly cannot load never loops.
 */

export const RELOAD_GUARD_TTL_MS = 10_000;
export const RELOAD_GUARD_KEY = 'store.reload-guard';
export const PENDING_NAV_KEY = 'store.pending-navigation';

export interface Stamp {
  url: string;
  at: number;
}

type SessionLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function parseStamp(raw: string | null): Stamp | null {
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v !== 'object' || v === null) return null;
    const { url, at } = v as { url?: unknown; at?: unknown };
    // Only a path of this site: a stored absolute address must never send the tab elsewhere.
    if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || typeof at !== 'number' || !Number.isFinite(at))
      return null;
    return { url, at };
  } catch {
    return null;
  }
}

const fresh = (stamp: Stamp | null, now: number): stamp is Stamp =>
  stamp !== null && now - stamp.at >= 0 && now - stamp.at < RELOAD_GUARD_TTL_MS;

/** Whether a reload to `url` may happen now: not when the guard shows one to it under 10 s ago. */
export function mayReloadTo(guard: Stamp | null, url: string, now: number): boolean {
  return !(fresh(guard, now) && guard.url === url);
}

/** Reloads to `url` unless the guard forbids it; answers whether it went. */
export function guardedReload(storage: SessionLike, url: string, now: number, go: (url: string) => void): boolean {
  if (!mayReloadTo(parseStamp(storage.getItem(RELOAD_GUARD_KEY)), url, now)) return false;
  storage.setItem(RELOAD_GUARD_KEY, JSON.stringify({ url, at: now } satisfies Stamp));
  go(url);
  return true;
}

/** Kept as the page goes away while a navigation is still loading (the chunk failure's reload). */
export function rememberPendingNavigation(storage: SessionLike, url: string, now: number) {
  storage.setItem(PENDING_NAV_KEY, JSON.stringify({ url, at: now } satisfies Stamp));
}

/**
 * On a fresh page: the address a navigation was heading for when the previous page reloaded,
 * if that was under 10 s ago and it is not this page; taken once.
 */
export function takePendingNavigation(storage: SessionLike, here: string, now: number): string | null {
  const stamp = parseStamp(storage.getItem(PENDING_NAV_KEY));
  storage.removeItem(PENDING_NAV_KEY);
  return fresh(stamp, now) && stamp.url !== here ? stamp.url : null;
}
