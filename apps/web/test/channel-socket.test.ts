import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChannelSocket, type SocketLike } from '#app/lib/channel-socket.ts';

/** A socket the test opens, closes and speaks through, recording every frame the page sends. */
class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  readonly sent: { op: string; channel: string }[] = [];
  closed = false;

  send(data: string) {
    this.sent.push(JSON.parse(data) as { op: string; channel: string });
  }
  close() {
    this.closed = true;
    this.drop();
  }
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  say(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The hub's answer to every subscribe frame so far. */
  confirm() {
    for (const f of this.sent) if (f.op === 'subscribe') this.say({ op: 'subscribed', channel: f.channel });
  }
}

let sockets: FakeSocket[];
let hub: ChannelSocket;
beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  hub = new ChannelSocket(
    () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    { retries: 5, retryDelayMs: 1000, idleCloseMs: 10_000 },
  );
});
afterEach(() => vi.useRealTimers());

describe('one socket per tab', () => {
  it('carries every subscription of the page over one socket and routes each event to its channel', () => {
    const battle: unknown[] = [];
    const list: unknown[] = [];
    hub.subscribe('battle#A', (event, data) => battle.push([event, data]));
    hub.subscribe('battles_active', (event, data) => list.push([event, data]));
    expect(sockets).toHaveLength(1);
    sockets[0]!.accept();
    expect(sockets[0]!.sent).toEqual([
      { op: 'subscribe', channel: 'battle#A' },
      { op: 'subscribe', channel: 'battles_active' },
    ]);
    sockets[0]!.say({ channel: 'battle#A', event: 'statechange', data: { round: 1 } });
    sockets[0]!.say({ channel: 'battles_active', event: 'battles_battle_updated', data: { ulid: 'A' } });
    sockets[0]!.say({ channel: 'battle#B', event: 'statechange', data: { round: 9 } });
    expect(battle).toEqual([['statechange', { round: 1 }]]);
    expect(list).toEqual([['battles_battle_updated', { ulid: 'A' }]]);
  });

  it('subscribes a channel once however many listen, and unsubscribes when the last one leaves', () => {
    const first = hub.subscribe('LiveDrops/CSDropItems', () => undefined);
    sockets[0]!.accept();
    const second = hub.subscribe('LiveDrops/CSDropItems', () => undefined);
    const other = hub.subscribe('Upgrades/Live', () => undefined);
    first();
    expect(sockets[0]!.sent).toEqual([
      { op: 'subscribe', channel: 'LiveDrops/CSDropItems' },
      { op: 'subscribe', channel: 'Upgrades/Live' },
    ]);
    second();
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'unsubscribe', channel: 'LiveDrops/CSDropItems' });
    // The other channel still listens on the same socket.
    expect(sockets[0]!.closed).toBe(false);
    other();
    vi.advanceTimersByTime(9_999);
    expect(sockets[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets).toHaveLength(1);
  });

  it('keeps the socket for the next page when a page leaves and another subscribes soon after', () => {
    const leave = hub.subscribe('battles_active', () => undefined);
    sockets[0]!.accept();
    leave();
    vi.advanceTimersByTime(5_000);
    hub.subscribe('battle#A', () => undefined);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed).toBe(false);
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'subscribe', channel: 'battle#A' });
  });

  it("sends a private channel's token with its subscribe, again after a reconnect, and none for public channels", () => {
    hub.subscribe('user#7', () => undefined, undefined, '7.sig');
    hub.subscribe('top#3', () => undefined);
    sockets[0]!.accept();
    const frames = [
      { op: 'subscribe', channel: 'user#7', token: '7.sig' },
      { op: 'subscribe', channel: 'top#3' },
    ];
    expect(sockets[0]!.sent).toEqual(frames);
    sockets[0]!.drop();
    vi.advanceTimersByTime(1000);
    sockets[1]!.accept();
    expect(sockets[1]!.sent).toEqual(frames);
  });

  it('says a channel is live once the hub confirms it, and not while the socket is down', () => {
    const live: boolean[] = [];
    hub.subscribe('battle#A', () => undefined, (l) => live.push(l));
    sockets[0]!.accept();
    sockets[0]!.confirm();
    sockets[0]!.drop();
    expect(live).toEqual([false, true, false]);
  });

  it('reconnects a dropped socket 5 times, 1 s apart, subscribing again to every channel still listened to', () => {
    const got: unknown[] = [];
    hub.subscribe('battle#A', (_e, data) => got.push(data));
    const gone = hub.subscribe('Upgrades/Live', () => undefined);
    sockets[0]!.accept();
    gone();
    sockets[0]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.accept();
    expect(sockets[1]!.sent).toEqual([{ op: 'subscribe', channel: 'battle#A' }]);
    sockets[1]!.confirm();
    sockets[1]!.say({ channel: 'battle#A', event: 'statechange', data: 'after' });
    expect(got).toEqual(['after']);

    // A hub that stays away gets five more tries, then no more.
    for (let i = 0; i < 10; i++) {
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(1000);
    }
    expect(sockets).toHaveLength(2 + 5);
  });

  it('ignores frames that are not JSON or name no channel it holds', () => {
    const got: unknown[] = [];
    hub.subscribe('battle#A', (_e, data) => got.push(data));
    sockets[0]!.accept();
    sockets[0]!.onmessage?.({ data: 'not json' });
    sockets[0]!.say({ op: 'error', error: 'too_many_requests' });
    sockets[0]!.say({ channel: 'battle#A', event: 'statechange' });
    expect(got).toEqual([]);
  });
});

describe('a connection that stays lost (spec §9: 5 tries, 1 s apart)', () => {
  it('says "lost" after the fifth failed try, and a reconnect starts afresh and subscribes every channel again', () => {
    const states: string[] = [];
    hub.onState((s) => states.push(s));
    const got: unknown[] = [];
    hub.subscribe('battle#A', (_e, data) => got.push(data));
    hub.subscribe('user#7', () => undefined, undefined, 'tok');
    sockets[0]!.accept();
    expect(states.at(-1)).toBe('open');

    sockets[0]!.drop();
    for (let i = 1; i <= 5; i++) {
      expect(states.at(-1)).toBe('connecting');
      vi.advanceTimersByTime(999);
      expect(sockets).toHaveLength(i);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(i + 1);
      sockets.at(-1)!.drop();
    }
    expect(states.at(-1)).toBe('lost');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(6);

    // A new page's subscription does not try behind the player's back either.
    hub.subscribe('battles_active', () => undefined);
    expect(sockets).toHaveLength(6);

    hub.reconnect();
    expect(sockets).toHaveLength(7);
    sockets[6]!.accept();
    expect(states.at(-1)).toBe('open');
    expect(sockets[6]!.sent).toEqual([
      { op: 'subscribe', channel: 'battle#A' },
      { op: 'subscribe', channel: 'user#7', token: 'tok' },
      { op: 'subscribe', channel: 'battles_active' },
    ]);
    sockets[6]!.say({ channel: 'battle#A', event: 'statechange', data: 'back' });
    expect(got).toEqual(['back']);

    // The fresh round has its five tries again.
    sockets[6]!.drop();
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(1000);
      sockets.at(-1)!.drop();
    }
    expect(sockets).toHaveLength(12);
    expect(states.at(-1)).toBe('lost');
  });

  it('the count of tries starts over once the hub answers, not when a connection merely opens', () => {
    hub.subscribe('battle#A', () => undefined);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        sockets.at(-1)!.drop();
        vi.advanceTimersByTime(1000);
      }
      sockets.at(-1)!.accept();
      sockets.at(-1)!.confirm();
    }
    const states: string[] = [];
    hub.onState((s) => states.push(s));
    expect(states).toEqual(['open']);

    // Connections that open and drop at once, never answering, use the tries up.
    for (let i = 0; i < 6; i++) {
      sockets.at(-1)!.accept();
      sockets.at(-1)!.drop();
      vi.advanceTimersByTime(1000);
    }
    expect(states.at(-1)).toBe('lost');
  });

  it('reconnect does nothing unless the retries ran out, and nothing is tried with no listener', () => {
    const states: string[] = [];
    hub.onState((s) => states.push(s));
    hub.reconnect();
    expect(sockets).toHaveLength(0);
    const stop = hub.subscribe('battle#A', () => undefined);
    sockets[0]!.accept();
    hub.reconnect();
    expect(sockets).toHaveLength(1);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0]!.closed).toBe(true);
    expect(states).toEqual(['idle', 'connecting', 'open', 'idle']);
  });
});
