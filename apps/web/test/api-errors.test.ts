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
