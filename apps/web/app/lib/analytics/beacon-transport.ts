/**
 * Spec §9: analytics leave by beacon, one hit at a time, at once (no batching delay). The body is
 * text/plain so the beacon stays a simple request a tracking service on another origin takes
 * without a preflight; where the browser has no beacon (or refuses this one, over its size quota),
 * a keepalive fetch carries it, which also outlives the page.
 */
export function sendBeacon(url: string, hit: object): void {
  const body = JSON.stringify(hit);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
  } catch {
    // A beacon refused by the browser falls through to fetch.
  }
  // A lost hit is not worth a retry or a word to the player.
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'text/plain;charset=UTF-8' }, keepalive: true, credentials: 'omit' }).catch(() => undefined);
}
