import { describe, expect, it } from 'vitest';
import { signOut } from '#app/lib/sign-out.ts';
import { marketingSession } from '#app/lib/marketing-session.ts';

const ok = () => new Response(JSON.stringify({ status: true, data: { revoked: true } }), { status: 200 });

describe('logout (spec §4)', () => {
  it('revokes the session, then calls the web logout, in that order', async () => {
    const calls: string[] = [];
    await signOut({ lang: 'ru', fetcher: async (path, init) => (calls.push(`${init.method} ${path}`), ok()) });
    expect(calls).toEqual(['POST /api/v1/auth/revoke', 'GET /nitro-api/logout']);
  });

  it('a failed step is logged and the next one still runs', async () => {
    const calls: string[] = [];
    const logged: string[] = [];
    await signOut({
      lang: 'en',
      log: (msg) => logged.push(msg),
      fetcher: async (path) => {
        calls.push(path);
        if (path === '/api/v1/auth/revoke') throw new TypeError('offline');
        return new Response('{}', { status: 500 });
      },
    });
    // The web logout is a GET: a 500 is asked once more (spec §7), then the failure is logged.
    expect(calls).toEqual(['/api/v1/auth/revoke', '/nitro-api/logout', '/nitro-api/logout']);
    expect(logged).toEqual(['logout: /api/v1/auth/revoke failed', 'logout: /nitro-api/logout failed']);
  });
});

describe('the marketing session (spec §7: POST /v1/users/sessions)', () => {
  const now = 1_700_000_000_000;
  it('is sent only when the visit has marketing parameters', () => {
    expect(marketingSession('https://store.test/upgrades', 'tastyToken=1', now)).toBeNull();
    expect(marketingSession('https://store.test/?page=2', '', now)).toBeNull();
  });

  it('carries the landing address and the ad network’s cookies', () => {
    expect(marketingSession('https://store.test/?utm_source=vk', '', now)).toEqual({ session_url: 'https://store.test/?utm_source=vk' });
    expect(marketingSession('https://store.test/', '_fbp=fb.1.1.2; _fbc=fb.1.1.abc', now)).toEqual({ session_url: 'https://store.test/', fbp: 'fb.1.1.2', fbc: 'fb.1.1.abc' });
  });

  it('turns a click id without its cookie into the network’s fbc', () => {
    expect(marketingSession('https://store.test/en?fbclid=XYZ', '', now)).toEqual({ session_url: 'https://store.test/en?fbclid=XYZ', fbc: `fb.1.${now}.XYZ` });
  });
});
