import { describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, checkBuild, manifestBuildId, manifestUrl } from '#app/lib/build-check.ts';
import { buildIdPlugin } from '#app/lib/build-id-plugin.ts';
import {
  guardedReload,
  mayReloadTo,
  parseStamp,
  RELOAD_GUARD_TTL_MS,
  rememberPendingNavigation,
  takePendingNavigation,
} from '#app/lib/chunk-reload.ts';
import { PENDING_NAV_KEY, RELOAD_GUARD_KEY } from '#app/lib/storage-keys.ts';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('the new-build check', () => {
  it('polls the manifest with a timestamp, every five minutes', () => {
    expect(manifestUrl(1234)).toBe('/builds/latest.json?t=1234');
    expect(BUILD_CHECK_INTERVAL_MS).toBe(300_000);
  });

  it('says "new" only when the server names another build', async () => {
    const fetcher = answer(200, { id: 'b2' });
    expect(await checkBuild({ own: 'b1', now: 99, fetcher })).toBe('new');
    expect(fetcher).toHaveBeenCalledWith('/builds/latest.json?t=99', expect.objectContaining({ cache: 'no-store' }));
    expect(fetcher).toHaveBeenCalledWith('/builds/b2.json', expect.anything());
    expect(await checkBuild({ own: 'b2', now: 99, fetcher })).toBe('same');
  });

  it("believes a new id only once that build's own manifest answers with it", async () => {
    const byUrl = (latest: Response, own: () => Response) =>
      vi.fn(async (url: string) => (url.startsWith('/builds/latest.json') ? latest : own())) as unknown as typeof fetch;
    const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });
    expect(await checkBuild({ own: 'b1', now: 1, fetcher: byUrl(json(200, { id: 'b2' })(), json(404, {})) })).toBe('unknown');
    expect(await checkBuild({ own: 'b1', now: 1, fetcher: byUrl(json(200, { id: 'b2' })(), json(200, { id: 'b3' })) })).toBe('unknown');
    expect(await checkBuild({ own: 'b1', now: 1, fetcher: byUrl(json(200, { id: 'b2' })(), json(200, { id: 'b2' })) })).toBe('new');
  });

  it('never cries wolf: a failed, odd or missing answer, or a tab without an id, is "unknown"', async () => {
    expect(await checkBuild({ own: 'b1', now: 1, fetcher: answer(404, { id: 'b2' }) })).toBe('unknown');
    expect(await checkBuild({ own: 'b1', now: 1, fetcher: answer(200, { id: 7 }) })).toBe('unknown');
    expect(await checkBuild({ own: 'b1', now: 1, fetcher: answer(200, ['b2']) })).toBe('unknown');
    expect(
      await checkBuild({
        own: 'b1',
        now: 1,
        fetcher: vi.fn(async () => new Response('<html>', { status: 200 })) as unknown as typeof fetch,
      }),
    ).toBe('unknown');
    expect(
      await checkBuild({
        own: 'b1',
        now: 1,
        fetcher: vi.fn(async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch,
      }),
    ).toBe('unknown');
    const untouched = answer(200, { id: 'b2' });
    expect(await checkBuild({ own: undefined, now: 1, fetcher: untouched })).toBe('unknown');
    expect(untouched).not.toHaveBeenCalled();
  });

  it('reads only a non-empty string id from the manifest', () => {
    expect(manifestBuildId({ id: 'abc' })).toBe('abc');
    expect(manifestBuildId({ id: '' })).toBeNull();
    expect(manifestBuildId({ id: 'x'.repeat(101) })).toBeNull();
    expect(manifestBuildId(null)).toBeNull();
    expect(manifestBuildId('abc')).toBeNull();
  });

  it('the build plugin bakes the id into the scripts and writes the same id to builds/latest.json and builds/{id}.json of the client build only', () => {
    const plugin = buildIdPlugin('rel-42');
    const config = (plugin.config as () => { define: Record<string, string> })();
    expect(config.define['import.meta.env.VITE_STORE_BUILD_ID']).toBe('"rel-42"');
    const emitted: unknown[] = [];
    const run = (consumer: string) =>
      (plugin.generateBundle as (this: unknown) => void).call({
        environment: { config: { consumer } },
        emitFile: (f: unknown) => emitted.push(f),
      });
    run('server');
    expect(emitted).toEqual([]);
    run('client');
    expect(emitted).toEqual([
      { type: 'asset', fileName: 'builds/latest.json', source: '{"id":"rel-42"}' },
      { type: 'asset', fileName: 'builds/rel-42.json', source: '{"id":"rel-42"}' },
    ]);
    expect(buildIdPlugin().name).toBe('store-build-id');
  });
});

class MemoryStorage {
  readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, v);
  removeItem = (k: string) => void this.map.delete(k);
}

describe('a failed route chunk reloads to its target, once (spec §8, guard of spec §9)', () => {
  const reloadOf = (here: string) => ({ here, reloaded: true });

  it('the page being left remembers the target; its reload goes there once', () => {
    const storage = new MemoryStorage();
    rememberPendingNavigation(storage, { url: '/battles?sort=price', from: '/', at: 1000 });
    expect(takePendingNavigation(storage, reloadOf('/'), 1500)).toBe('/battles?sort=price');
    // Taken once: a later load of the page finds nothing.
    expect(takePendingNavigation(storage, reloadOf('/'), 1600)).toBeNull();
  });

  it('a target remembered 10 s ago or more, or the page we are already on, is dropped', () => {
    const storage = new MemoryStorage();
    rememberPendingNavigation(storage, { url: '/upgrades', from: '/', at: 0 });
    expect(takePendingNavigation(storage, reloadOf('/'), RELOAD_GUARD_TTL_MS)).toBeNull();
    rememberPendingNavigation(storage, { url: '/upgrades', from: '/upgrades', at: 0 });
    expect(takePendingNavigation(storage, reloadOf('/upgrades'), 10)).toBeNull();
    expect(storage.map.has(PENDING_NAV_KEY)).toBe(false);
  });

  it('a player who leaves mid-navigation for an address of their own lands there, not on the abandoned target', () => {
    const storage = new MemoryStorage();
    // Typed (or followed) an address while a move to the settings was loading: a plain navigation.
    rememberPendingNavigation(storage, { url: '/en/profile/settings', from: '/en/profile/settings?signin=linked', at: 1000 });
    expect(takePendingNavigation(storage, { here: '/en/profile/7', reloaded: false }, 1200)).toBeNull();
    expect(storage.map.has(PENDING_NAV_KEY)).toBe(false);
    // A reload, but of another page than the one left (the player reloaded a page they moved to).
    rememberPendingNavigation(storage, { url: '/upgrades', from: '/', at: 1000 });
    expect(takePendingNavigation(storage, reloadOf('/battles'), 1200)).toBeNull();
  });

  it('reloads to a url at most once in 10 s: no loop when the page truly cannot load', () => {
    const storage = new MemoryStorage();
    const went: string[] = [];
    const go = (u: string) => went.push(u);
    expect(guardedReload(storage, '/contract', 0, go)).toBe(true);
    expect(guardedReload(storage, '/contract', 9_999, go)).toBe(false);
    expect(guardedReload(storage, '/upgrades', 9_999, go)).toBe(true);
    expect(guardedReload(storage, '/upgrades', 9_999 + RELOAD_GUARD_TTL_MS, go)).toBe(true);
    expect(went).toEqual(['/contract', '/upgrades', '/upgrades']);
    expect(parseStamp(storage.getItem(RELOAD_GUARD_KEY))).toEqual({ url: '/upgrades', at: 19_999 });
  });

  it('a malformed or foreign stored address is ignored: the tab never leaves the site', () => {
    const storage = new MemoryStorage();
    for (const raw of [
      'nope',
      '{"url":"https://evil.example/","at":1}',
      '{"url":"//evil.example","at":1}',
      '{"url":"/x","at":"1"}',
      '{"url":"/x","at":1}',
      '{"url":"/x","at":1,"from":7}',
      'null',
    ]) {
      storage.setItem(PENDING_NAV_KEY, raw);
      expect(takePendingNavigation(storage, reloadOf('/'), 2), raw).toBeNull();
    }
    expect(mayReloadTo(parseStamp('garbage'), '/x', 0)).toBe(true);
  });
});
