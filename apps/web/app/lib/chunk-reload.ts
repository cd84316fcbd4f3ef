/**
 * "Failing to load a route chunk reloads to the target" (spec §8). After a deploy an open tab may
 * ask for a script file the new build no longer has; React Router then reloads the page it was
 * leaving. The page it was going to is remembered across that reload, and the fresh page goes
 * there. A guard in session storage refuses a second reload to the same address within 10 s
 * (spec §9 reload guard TTL), so a page that truly cannot load never loops.
 */
import { PENDING_NAV_KEY, RELOAD_GUARD_KEY } from './storage-keys.ts';

export const RELOAD_GUARD_TTL_MS = 10_000;

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

/**
 * What a page leaving mid-navigation keeps: where it was going, and the page it was on. Only a
 * reload of that same page follows it: a player who clicks a link and then types an address (or
 * a test's `goto`) also leaves mid-navigation, and must land where they typed, not be sent on.
 */
export interface PendingNavigation extends Stamp {
  from: string;
}

/** Kept as the page goes away while a navigation is still loading (the chunk failure's reload). */
export function rememberPendingNavigation(storage: SessionLike, pending: PendingNavigation) {
  storage.setItem(PENDING_NAV_KEY, JSON.stringify(pending satisfies PendingNavigation));
}

function parsePending(raw: string | null): PendingNavigation | null {
  const stamp = parseStamp(raw);
  if (!stamp) return null;
  const { from } = JSON.parse(raw!) as { from?: unknown };
  return typeof from === 'string' ? { ...stamp, from } : null;
}

/**
 * On a fresh page: the address a navigation was heading for when the previous page reloaded,
 * if this page is that reload (a `reload` of the very page that was left, under 10 s ago) and
 * the address is not this page; taken once, whatever brought the page.
 */
export function takePendingNavigation(storage: SessionLike, page: { here: string; reloaded: boolean }, now: number): string | null {
  const pending = parsePending(storage.getItem(PENDING_NAV_KEY));
  storage.removeItem(PENDING_NAV_KEY);
  if (!page.reloaded || !fresh(pending, now) || pending.from !== page.here) return null;
  return pending.url !== page.here ? pending.url : null;
}
