import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadContext } from '#app/lib/server-api.ts';
import { loader as layoutLoader } from '#app/routes/provably-fair-layout.tsx';
import { loader as settingsLoader } from '#app/routes/provably-fair-settings.tsx';
import { loader as checkLoader } from '#app/routes/provably-fair-check.tsx';

/**
 * The provably-fair guards of spec §5, run as the server render runs them: the loaders with the
 * store's in-process API faked at its HTTP boundary.
 */
function context(pf: boolean) {
  const apiFetch = async (path: string) => {
    const body =
      path === '/api/v1/config' ? { status: true, data: { flags: { pf } } } : { status: false, code: 'authentication', message: 'Sign in' };
    return new Response(JSON.stringify(body), {
      status: path === '/api/v1/config' ? 200 : 401,
      headers: { 'content-type': 'application/json' },
    });
  };
  return new RouterContextProvider(new Map([[loadContext, { apiFetch, nonce: '' }]]));
}

const request = (path: string, token?: string) =>
  new Request(`http://store.test${path}`, { headers: token ? { cookie: `tastyToken=${token}` } : {} });

/** The redirect a loader threw, as status and target; fails when it answered instead. */
async function redirectOf(run: () => Promise<unknown>): Promise<[number, string | null]> {
  try {
    await run();
  } catch (e) {
    if (e instanceof Response) return [e.status, e.headers.get('location')];
    throw e;
  }
  throw new Error('the loader did not redirect');
}

// The loaders read only the request, the page's address and the context; each route's own argument type is not needed here.
const args = (path: string, pf: boolean, token?: string) =>
  ({ request: request(path, token), url: new URL(`http://store.test${path}`), context: context(pf), params: {} }) as never;

describe('the provably-fair guards', () => {
  it('with the pf flag off, every page goes to the main page in its language', async () => {
    for (const [path, home] of [
      ['/provably-fair/instructions', '/'],
      ['/provably-fair/check', '/'],
      ['/en/provably-fair/settings', '/en'],
      ['/en/provably-fair/case-history/3', '/en'],
    ]) {
      expect(await redirectOf(() => layoutLoader(args(path!, false))), path).toEqual([302, home]);
    }
  });

  it('with the flag on the layout lets the page render', async () => {
    expect(await layoutLoader(args('/provably-fair/instructions', true))).toBeNull();
  });

  it('a guest on settings or check is sent to the instructions, keeping the language', async () => {
    expect(await redirectOf(() => settingsLoader(args('/provably-fair/settings', true)))).toEqual([302, '/provably-fair/instructions']);
    expect(await redirectOf(() => checkLoader(args('/en/provably-fair/check?kind=case&id=1', true)))).toEqual([
      302,
      '/en/provably-fair/instructions',
    ]);
  });

  it('a session the server no longer knows is treated as a guest', async () => {
    expect(await redirectOf(() => settingsLoader(args('/en/provably-fair/settings', true, 'revoked')))).toEqual([
      302,
      '/en/provably-fair/instructions',
    ]);
  });
});
