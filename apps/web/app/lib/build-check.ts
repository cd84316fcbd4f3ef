/**
 * The new-build check of spec §4/§7: the web build writes `builds/latest.json` ({ id }) into its
 * client folder and bakes the same id into its scripts; a tab polls the file and, once the id
 * there differs from its own, offers a reload. The spec leaves the interval open: every 5
 * minutes, and whenever the tab comes back into view (decision 026).
 */

export const BUILD_MANIFEST_PATH = '/builds/latest.json';
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/** This tab's build id, put in by the Vite plugin of vite.config.ts; undefined in dev and tests. */
export function ownBuildId(): string | undefined {
  const id: unknown = import.meta.env.VITE_STORE_BUILD_ID;
  return typeof id === 'string' && id ? id : undefined;
}

/** The id in a fetched manifest, or null for anything that is not `{ id: string }`. */
export function manifestBuildId(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const id = (json as { id?: unknown }).id;
  return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : null;
}

/** The manifest's address with a timestamp, so no cache between here and the server answers. */
export const manifestUrl = (now: number) => `${BUILD_MANIFEST_PATH}?t=${now}`;

/**
 * Spec §7's build manifest by build id: each build also writes `builds/{id}.json`. A new id in
 * `latest.json` is believed only once its own manifest answers with the same id, i.e. once that
 * build's files are served here (a deploy half done offers no reload to a build not yet reachable).
 */
export const buildManifestUrl = (id: string) => `/builds/${encodeURIComponent(id)}.json`;

/**
 * Asks the server which build is the latest: `new` only when it names another id than ours. A
 * failed or odd answer is `unknown` (a deploy in progress, a dropped network): never a false alarm.
 */
export async function checkBuild(opts: {
  own: string | undefined;
  now: number;
  fetcher?: typeof fetch;
}): Promise<'same' | 'new' | 'unknown'> {
  if (!opts.own) return 'unknown';
  try {
    const res = await (opts.fetcher ?? fetch)(manifestUrl(opts.now), { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!res.ok) return 'unknown';
    const latest = manifestBuildId(await res.json());
    if (latest === null) return 'unknown';
    if (latest === opts.own) return 'same';
    const own = await (opts.fetcher ?? fetch)(buildManifestUrl(latest), { headers: { accept: 'application/json' } });
    return own.ok && manifestBuildId(await own.json()) === latest ? 'new' : 'unknown';
  } catch {
    return 'unknown';
  }
}
