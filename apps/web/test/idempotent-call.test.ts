import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, NetworkError } from '#app/lib/api.ts';
import { callOnce } from '#app/lib/use-idempotent-mutation.ts';

/** A fake network: each entry answers one attempt, or drops it (`'drop'`) as a lost connection would. */
function network(answers: ('drop' | { status: number; body: unknown })[]) {
  const sent: Headers[] = [];
  const fetcher = async (_path: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    const next = answers[sent.length - 1] ?? 'drop';
    if (next === 'drop') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } });
  };
  const open = () => callOnce((idempotencyKey) => apiCall<{ id: number }>('/api/v1/cases/x/open', { body: {}, lang: 'en', idempotencyKey, fetcher }));
  return { sent, open };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one Idempotency-Key per player action', () => {
  it('retries a call that got no answer with the same key, and takes the answer that comes', async () => {
    const net = network(['drop', 'drop', { status: 200, body: { status: true, data: { id: 7 } } }]);
    const result = net.open();
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ id: 7 });
    const keys = net.sent.map((h) => h.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives up after two retries with a network error', async () => {
    const net = network(['drop', 'drop', 'drop', { status: 200, body: { status: true, data: { id: 1 } } }]);
    const result = net.open();
    const settled = expect(result).rejects.toBeInstanceOf(NetworkError);
    await vi.runAllTimersAsync();
    await settled;
    expect(net.sent).toHaveLength(3);
  });

  it('never retries an answer from the server, even an error', async () => {
    const net = network([{ status: 402, body: { status: false, code: 'insufficient_funds', message: 'Not enough money' } }]);
    const result = net.open();
    const settled = expect(result).rejects.toBeInstanceOf(ApiError);
    await vi.runAllTimersAsync();
    await settled;
    expect(net.sent).toHaveLength(1);
  });

  it('makes a new key for the next action', async () => {
    const net = network([
      { status: 200, body: { status: true, data: { id: 1 } } },
      { status: 200, body: { status: true, data: { id: 2 } } },
    ]);
    await net.open();
    await net.open();
    expect(net.sent[0]!.get('idempotency-key')).not.toBe(net.sent[1]!.get('idempotency-key'));
  });

  it('sends no Authorization header from the browser: the session cookie signs the call in', async () => {
    const net = network([{ status: 200, body: { status: true, data: { id: 1 } } }]);
    await net.open();
    expect(net.sent[0]!.has('authorization')).toBe(false);
  });
});
