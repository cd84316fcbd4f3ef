/*
 * The store's service worker (decision 027), served at /sw.js without caching so that a new one is
 * found on the next visit.
 * - /assets/* are fingerprinted by the build (a changed file gets a new name): cache first, for good.
 * - A page the network cannot fetch gets the offline page in its language.
 * - Push notifications are shown, and a click opens the store and reports the click once.
 */
const SHELL_CACHE = 'store-shell-v1';
const ASSET_CACHE = 'store-assets-v1';
const ASSET_LIMIT = 400;
const OFFLINE_PAGES = { ru: '/offline.html', en: '/offline-en.html' };
const SHELL = [OFFLINE_PAGES.ru, OFFLINE_PAGES.en, '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** Old builds' files pile up otherwise: the oldest go first (a cache lists its keys in insertion order). */
async function trimAssets(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT)).map((k) => cache.delete(k)));
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === 'basic') {
    await cache.put(request, res.clone());
    void trimAssets(cache);
  }
  return res;
}

const isEnglish = (pathname) => pathname === '/en' || pathname.startsWith('/en/');

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    const page = OFFLINE_PAGES[isEnglish(new URL(request.url).pathname) ? 'en' : 'ru'];
    return (await caches.match(page)) ?? new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(pageOrOffline(request));
  // The offline page's own picture: from the network when there is one, else the copy kept at install.
  else if (SHELL.includes(url.pathname)) event.respondWith(fetch(request).catch(async () => (await caches.match(url.pathname)) ?? Response.error()));
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'CaseStore', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      tag: data.tag,
      data: { url: data.url || '/', token: data.token },
    }),
  );
});

/** Only the store's own pages open from a notification. */
function ownUrl(raw) {
  try {
    const url = new URL(raw, self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

async function openStore(href) {
  const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = open.find((c) => c.url === href);
  if (same) return same.focus();
  return self.clients.openWindow(href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url, token } = event.notification.data || {};
  const report = token
    ? fetch('/api/v1/push/opened', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) }).catch(() => undefined)
    : Promise.resolve();
  event.waitUntil(Promise.all([report, openStore(ownUrl(url))]));
});
