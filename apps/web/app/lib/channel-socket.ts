/**
 * One websocket per browser tab, shared by every live subscription on the page (the battle page
 * listens to its battle and to the battles list at once). Subscriptions are counted per
 * channel: the first listener subscribes, the last one leaving unsubscribes, and the socket
 * closes a little after nothing listens any more, so a navigation from one live page to another
 * keeps it. A dropped socket reconnects 5 times, 1 s apart (spec §9), and subscribes again to
 * every channel still listened to. After the fifth failed try it stops and says so (`lost`): the
 * page shows a banner whose button calls `reconnect()`, which starts a fresh round of tries.
 */

export type ChannelListener = (event: string, data: unknown) => void;
export type LiveListener = (live: boolean) => void;
/** `idle`: no socket is wanted; `lost`: every retry failed, nothing more is tried until `reconnect()`. */
export type SocketState = 'idle' | 'connecting' | 'open' | 'lost';
export type StateListener = (state: SocketState) => void;

/** What the socket needs of the browser's WebSocket (a fake one in the tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(): void;
}

export interface ChannelSocketOptions {
  retries?: number;
  retryDelayMs?: number;
  /** How long an unused socket stays open for the next page's subscriptions. */
  idleCloseMs?: number;
}

const OPEN = 1;

interface Subscription {
  /** A private channel's realtime token, sent with every subscribe (a reconnect too). */
  token?: string;
  listeners: Set<ChannelListener>;
  liveListeners: Set<LiveListener>;
  live: boolean;
}

export class ChannelSocket {
  private ws: SocketLike | null = null;
  private readonly subs = new Map<string, Subscription>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly idleCloseMs: number;
  private state: SocketState = 'idle';
  private readonly stateListeners = new Set<StateListener>();

  constructor(
    private readonly open: () => SocketLike,
    opts: ChannelSocketOptions = {},
  ) {
    this.retries = opts.retries ?? 5;
    this.retryDelayMs = opts.retryDelayMs ?? 1000;
    this.idleCloseMs = opts.idleCloseMs ?? 10_000;
  }

  /**
   * Listens to one channel; returns the function that stops listening. A private channel
   * (`user#<id>`) needs its realtime token; public ones take none.
   */
  subscribe(channel: string, listener: ChannelListener, onLive: LiveListener = () => undefined, token?: string): () => void {
    clearTimeout(this.idleTimer);
    let sub = this.subs.get(channel);
    if (!sub) {
      sub = { token, listeners: new Set(), liveListeners: new Set(), live: false };
      this.subs.set(channel, sub);
      if (this.ws?.readyState === OPEN) this.send({ op: 'subscribe', channel, token });
    }
    sub.listeners.add(listener);
    sub.liveListeners.add(onLive);
    onLive(sub.live);
    this.ensureSocket();
    const current = sub;
    return () => {
      current.listeners.delete(listener);
      current.liveListeners.delete(onLive);
      if (current.listeners.size || this.subs.get(channel) !== current) return;
      this.subs.delete(channel);
      if (this.ws?.readyState === OPEN) this.send({ op: 'unsubscribe', channel });
      if (!this.subs.size) this.idleTimer = setTimeout(() => this.closeIdle(), this.idleCloseMs);
    };
  }

  /** Follows the connection's state; the listener hears the current one at once. */
  onState(listener: StateListener): () => void {
    this.stateListeners.add(listener);
    listener(this.state);
    return () => this.stateListeners.delete(listener);
  }

  /** After the retries ran out: try again now, with a fresh count of tries. */
  reconnect() {
    if (this.state !== 'lost') return;
    this.attempts = 0;
    if (this.subs.size) this.connect();
    else this.setState('idle');
  }

  private setState(state: SocketState) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
  }

  private ensureSocket() {
    // A lost connection waits for the player's reconnect rather than trying behind their back.
    if (this.ws || this.retryTimer !== undefined || this.state === 'lost') return;
    this.attempts = 0;
    this.connect();
  }

  private connect() {
    this.retryTimer = undefined;
    this.setState('connecting');
    const ws = this.open();
    this.ws = ws;
    ws.onopen = () => {
      // The count of tries starts over only once the hub answers a subscribe (below): a proxy
      // that accepts the connection and drops it at once is still a failed try.
      this.setState('open');
      for (const [channel, sub] of this.subs) this.send({ op: 'subscribe', channel, token: sub.token });
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      for (const sub of this.subs.values()) this.setLive(sub, false);
      if (!this.subs.size) return this.setState('idle');
      if (this.attempts >= this.retries) return this.setState('lost');
      this.attempts++;
      this.setState('connecting');
      this.retryTimer = setTimeout(() => this.connect(), this.retryDelayMs);
    };
  }

  private receive(raw: unknown) {
    let msg: { op?: string; channel?: string; event?: string; data?: unknown };
    try {
      msg = JSON.parse(String(raw)) as typeof msg;
    } catch {
      return;
    }
    const sub = msg.channel === undefined ? undefined : this.subs.get(msg.channel);
    if (!sub) return;
    if (msg.op === 'subscribed') {
      this.attempts = 0;
      return this.setLive(sub, true);
    }
    if (msg.event && msg.data !== undefined) for (const listener of [...sub.listeners]) listener(msg.event, msg.data);
  }

  private setLive(sub: Subscription, live: boolean) {
    if (sub.live === live) return;
    sub.live = live;
    for (const listener of [...sub.liveListeners]) listener(live);
  }

  private send(frame: { op: 'subscribe' | 'unsubscribe'; channel: string; token?: string }) {
    // An undefined token leaves no key: the hub's frames are strict.
    this.ws?.send(JSON.stringify(frame));
  }

  private closeIdle() {
    if (this.subs.size) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.setState('idle');
  }
}

let tabSocket: ChannelSocket | null = null;

/** The tab's one socket to the hub, made on first use (never during the server render). */
export function channelSocket(): ChannelSocket {
  // The DOM's handler types name their `this`; the socket only needs the shape of SocketLike.
  tabSocket ??= new ChannelSocket(() => new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`) as unknown as SocketLike);
  return tabSocket;
}
