import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, onUnauthorized } from '#app/lib/api.ts';
import { readSession } from '#app/lib/use-me.ts';

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('the session read, the "auth client" (spec §7, §8; decision 082)', () => {
  it('asks once more on a 500, then signs out on unpredicted as on a 401', async () => {
    const ended = vi.fn();
    stop = onUnauthorized(ended);
    const fetcher = reply(500, { status: false, code: 'unpredicted', message: 'Something went wrong, please try again' });
    expect(await readSession('en', fetcher)).toBeNull();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended.mock.calls[0]![0]).toMatchObject({ code: 'unpredicted' });
  });

  it("a gateway's page (a deploy, tech work) keeps the session: it is not the server judging it", async () => {
    const ended = vi.fn();
    stop = onUnauthorized(ended);
    for (const status of [502, 503, 504]) {
      const fetcher = vi.fn(async () => new Response('<html>Bad gateway</html>', { status }));
      await expect(readSession('ru', fetcher)).rejects.toMatchObject({ code: 'unpredicted', status });
    }
    expect(ended).not.toHaveBeenCalled();
  });

  it('a 401 is a guest, told once by the call itself and never asked again', async () => {
    const ended = vi.fn();
    stop = onUnauthorized(ended);
    const fetcher = reply(401, { status: false, code: 'authentication', message: 'Please sign in' });
    expect(await readSession('en', fetcher)).toBeNull();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('another refusal or no answer at all keeps the session and reaches the caller', async () => {
    const ended = vi.fn();
    stop = onUnauthorized(ended);
    await expect(readSession('en', reply(404, { status: false, code: 'userNotFound', message: 'User not found' }))).rejects.toMatchObject({ code: 'userNotFound' });
    await expect(readSession('en', vi.fn(async () => Promise.reject(new TypeError('offline'))))).rejects.toBeInstanceOf(NetworkError);
    expect(ended).not.toHaveBeenCalled();
  });
});
