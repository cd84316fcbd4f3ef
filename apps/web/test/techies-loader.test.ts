import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadContext } from '#app/lib/server-api.ts';
import { loader } from '#app/routes/techies.tsx';

type Args = Parameters<typeof loader>[0];

/** The store's in-process API as the server render sees it: the public config with the flag, the game's own calls. */
function context(techies: boolean, calls: string[] = []) {
  const answers: Record<string, unknown> = {
    '/api/v1/config': { flags: { techies } },
    '/api/v1/techies/config': { cells: 25, min_mines: 1, max_mines: 24, min_stake: 0.1, max_stake: 1000, rtp: 0.92 },
    '/api/v1/techies/game': { game: null },
    '/api/v1/techies/history?page=1': { items: [], total: 0, page: 1, per_page: 20 },
  };
  const apiFetch = async (path: string) => {
    calls.push(path);
    if (!techies && path.startsWith('/api/v1/techies/'))
      return Response.json({ status: false, code: 'techies_disabled', message: 'off' }, { status: 404 });
    return Response.json({ status: true, data: answers[path] });
  };
  return new RouterContextProvider(new Map([[loadContext, { apiFetch, nonce: '' }]]));
}

const load = (url: string, ctx: ReturnType<typeof context>, cookie?: string) =>
  loader({
    request: new Request(url, { headers: cookie ? { cookie } : {} }),
    url: new URL(url),
    context: ctx,
    params: {},
  } as unknown as Args);

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (e) {
    return e instanceof Response && e.status >= 300 && e.status < 400 ? e.headers.get('location') : null;
  }
}

describe('the techies page loader', () => {
  it('sends the player to the main page, in the page language, while the techies flag is off', async () => {
    const calls: string[] = [];
    expect(await redirectOf(load('http://store.test/sapper', context(false, calls), 'tastyToken=t'))).toBe('/');
    expect(await redirectOf(load('http://store.test/en/ninja-defuse', context(false)))).toBe('/en');
    expect(await redirectOf(load('http://store.test/en/techies', context(false)))).toBe('/en');
    // Nothing of the game is asked for.
    expect(calls).toEqual(['/api/v1/config']);
  });

  it("with the flag on: the limits for a guest, and a signed-in player's open game and history", async () => {
    const guest = await load('http://store.test/sapper', context(true));
    expect(guest).toMatchObject({ lang: 'ru', config: { minStake: 0.1, maxMines: 24, rtp: 0.92 }, game: null, history: null });
    const calls: string[] = [];
    const player = await load('http://store.test/en/sapper', context(true, calls), 'tastyToken=t');
    expect(player).toMatchObject({ lang: 'en', game: null, history: { total: 0, perPage: 20 } });
    expect(calls.sort()).toEqual(['/api/v1/config', '/api/v1/techies/config', '/api/v1/techies/game', '/api/v1/techies/history?page=1']);
  });
});
