import { apiCall, type ApiOptions } from './api.ts';
import type { Lang } from './lang.ts';

/**
 * Logout as spec §4 has it: revoke the session, then the web server's logout (which drops the
 * cookie). A failed step is logged and the next one runs anyway; the caller reloads the app
 * whatever happened, so the page never goes on showing a player the server let go.
 */
export async function signOut(opts: { lang: Lang; fetcher?: ApiOptions['fetcher']; log?: (msg: string, e: unknown) => void }): Promise<void> {
  const log = opts.log ?? ((msg, e) => console.error(msg, e));
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['/api/v1/auth/revoke', () => apiCall('/api/v1/auth/revoke', { method: 'POST', lang: opts.lang, fetcher: opts.fetcher })],
    ['/nitro-api/logout', () => apiCall('/nitro-api/logout', { lang: opts.lang, fetcher: opts.fetcher })],
  ];
  for (const [path, step] of steps) {
    try {
      await step();
    } catch (e) {
      log(`logout: ${path} failed`, e);
    }
  }
}
