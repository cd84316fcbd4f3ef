import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, onUnauthorized } from '#app/lib/api.ts';

const reply = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('API failures (spec §8 HTTP and auth)', () => {
  it('a 401 tells the page its session is gone and still throws to the caller', async () => {
    const seen: ApiError[] = [];
    stop = onUnauthorized((e) => seen.push(e));
    const call = apiCall('/api/v1/users/me', {
      lang: 'en',
      fetcher: reply(401, { status: false, code: 'authentication', message: 'Please sign in' }),
    });
    await expect(call).rejects.toMatchObject({ status: 401, code: 'authentication', message: 'Please sign in' });
    expect(seen.map((e) => e.code)).toEqual(['authentication']);
  });

  it('other failures do not touch the session', async () => {
    const handler = vi.fn();
    stop = onUnauthorized(handler);
    await expect(
      apiCall('/api/v1/cases/x', { lang: 'ru', fetcher: reply(404, { status: false, code: 'caseNotFound', message: 'Кейс не найден' }) }),
    ).rejects.toMatchObject({ code: 'caseNotFound' });
    await expect(
      apiCall('/api/v1/cases/x', {
        lang: 'ru',
        fetcher: reply(402, { status: false, code: 'balance_error', message: 'Недостаточно средств на балансе' }),
      }),
    ).rejects.toMatchObject({ code: 'balance_error' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('a code the catalogue does not know becomes unpredicted, with its generic text in the page language', async () => {
    await expect(
      apiCall('/x', { lang: 'en', fetcher: reply(500, { status: false, code: 'FST_SOMETHING', message: 'debug: stack here' }) }),
    ).rejects.toMatchObject({
      code: 'unpredicted',
      message: 'Something went wrong, please try again',
    });
    await expect(
      apiCall('/x', { lang: 'ru', fetcher: async () => new Response('<html>Bad gateway</html>', { status: 502 }) }),
    ).rejects.toMatchObject({
      status: 502,
      code: 'unpredicted',
      message: 'Непредвиденная ошибка, попробуйте ещё раз',
    });
  });

  it('a known code without a message gets the catalogue text, its parameters filled in', async () => {
    const e = await apiCall('/x', {
      lang: 'en',
      fetcher: reply(422, { status: false, code: 'error_too_many_rounds', params: { max: 50 } }),
    }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).message).toBe('A battle has at most 50 rounds');
  });

  it('a handler taken away hears nothing more', async () => {
    const handler = vi.fn();
    onUnauthorized(handler)();
    await expect(
      apiCall('/x', { lang: 'en', fetcher: reply(401, { status: false, code: 'authentication', message: 'x' }) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('asking again (spec §7)', () => {
  /** A server that answers `statuses` in turn (then 200), counting the calls it got. */
  function server(...statuses: number[]) {
    const seen: string[] = [];
    const fetcher = async (_path: string, init: RequestInit) => {
      seen.push(String(init.method));
      const status = statuses.shift() ?? 200;
      const body = status === 200 ? { status: true, data: { ok: 1 } } : { status: false, code: 'unpredicted', message: 'x' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'retry-after': '0' } });
    };
    return { fetcher, seen };
  }

  it('asks a GET once more on a "try again" status, and answers with the second reply', async () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      const s = server(status);
      await expect(apiCall('/api/v1/x', { lang: 'en', fetcher: s.fetcher })).resolves.toEqual({ ok: 1 });
      expect(s.seen, `status ${status}`).toEqual(['GET', 'GET']);
    }
  });

  it('asks a GET only once more: a second failure reaches the caller', async () => {
    const s = server(503, 503, 200);
    await expect(apiCall('/api/v1/x', { lang: 'en', fetcher: s.fetcher })).rejects.toMatchObject({ status: 503 });
    expect(s.seen).toEqual(['GET', 'GET']);
  });

  it('never asks a POST or PATCH again (it may have acted), nor anything on a 4xx that is final', async () => {
    for (const method of ['POST', 'PATCH'] as const) {
      const s = server(503);
      await expect(apiCall('/api/v1/x', { lang: 'en', method, body: {}, fetcher: s.fetcher })).rejects.toMatchObject({ status: 503 });
      expect(s.seen).toEqual([method]);
    }
    for (const status of [400, 401, 402, 404, 422]) {
      const s = server(status);
      await expect(apiCall('/api/v1/x', { lang: 'en', fetcher: s.fetcher })).rejects.toMatchObject({ status });
      expect(s.seen, `status ${status}`).toEqual(['GET']);
    }
  });

  it('the query cache asks again only when no answer came at all', async () => {
    const { NetworkError, retryQuery } = await import('#app/lib/api.ts');
    expect(retryQuery(0, new NetworkError(new Error('offline')))).toBe(true);
    expect(retryQuery(1, new NetworkError(new Error('offline')))).toBe(false);
    expect(retryQuery(0, new ApiError(503, 'unpredicted', 'x'))).toBe(false);
  });
});
