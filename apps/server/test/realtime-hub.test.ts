import { describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { Hub } from '../src/realtime/hub.ts';
import { LogThrottle } from '../src/realtime/socket-limits.ts';
import { InProcessBus } from '../src/realtime/bus.ts';
import type { Presence } from '../src/realtime/presence.ts';
import { waitFor } from './helpers/ws.ts';

/** A socket as the hub sees it: frames in through `message`, frames out through `send`. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), { readyState: 1, sent: [] as any[], send: (f: string) => socket.sent.push(JSON.parse(f)), close: () => socket.emit('close') });
  return socket;
}

describe('the websocket hub', () => {
  it('logs a viewer count it cannot read instead of letting the failure escape', async () => {
    // Redis answers the join but is gone when the count is read, as when the store shuts down
    // with watchers still connected.
    const presence: Presence = {
      join: async () => undefined,
      leave: async () => undefined,
      count: () => Promise.reject(new Error('Connection is closed.')),
      refresh: async () => undefined,
    };
    const warn = vi.fn();
    const log = { warn, error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
    const escaped: unknown[] = [];
    const onEscape = (err: unknown) => escaped.push(err);
    process.on('unhandledRejection', onEscape);
    const hub = new Hub(new InProcessBus(), 'secret', presence, log);
    try {
      hub.watchViewers((c) => c.startsWith('battle#'), () => undefined);
      const ws = fakeSocket();
      hub.attach(ws as unknown as WebSocket, 'ru');
      const channel = `battle#01${'0'.repeat(24)}`;
      ws.emit('message', Buffer.from(JSON.stringify({ op: 'subscribe', channel })), false);
      await waitFor(() => warn.mock.calls.some((c) => c[1] === 'viewer not recorded'));
      ws.close();
      await waitFor(() => warn.mock.calls.some((c) => c[1] === 'viewer not removed'));
      expect(ws.sent).toEqual([{ op: 'subscribed', channel }]);
      expect(escaped).toEqual([]);
    } finally {
      hub.close();
      process.off('unhandledRejection', onEscape);
    }
  });
});

describe('the refusal log throttle', () => {
  it('writes one line per address a minute with the count held back, and keeps a bounded number of addresses', () => {
    const throttle = new LogThrottle(60_000, 100);
    expect(throttle.pass('a', 0)).toEqual({ held: 0 });
    for (let i = 1; i <= 500; i++) expect(throttle.pass('a', i)).toBeNull();
    expect(throttle.pass('a', 60_000)).toEqual({ held: 500 });
    // A flood of new addresses within the minute: each gets its line, and the oldest are forgotten.
    for (let i = 0; i < 1000; i++) expect(throttle.pass(`addr-${i}`, 60_001)).toEqual({ held: 0 });
    expect(throttle.size).toBeLessThanOrEqual(100);
  });
});
