import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { wsClientFrame, WS_LIMITS, type WsErrorFrame } from '@store/shared/api/realtime';
import { errorMessage, pickLang, type ErrorCode, type Lang } from '@store/shared/errors';
import type { Bus } from './bus.ts';
import { channelAccess } from './channels.ts';
import { PRESENCE_TTL_MS, type Presence } from './presence.ts';
import { LogThrottle, SocketSlots } from './socket-limits.ts';
import { AppError } from '../http/errors.ts';
import { requestToken } from '../http/auth.ts';

export { privateChannel } from './channels.ts';

/**
 * The websocket hub at /ws. A client subscribes to channels of the explicit list in
 * channels.ts; a message published on the bus for a channel goes to every socket of this
 * process subscribed to it. Private channels (`user#<id>`) need the realtime token of
 * GET /api/v1/users/centrifugo/token. Every frame is parsed by the shared schema; garbage,
 * floods and oversized frames close the connection, and no frame can throw out of here. One
 * client address, and one session, may hold only so many sockets (socket-limits.ts); past that
 * the upgrade is answered 429. Refused frames and sockets are counted for the metrics and
 * logged at most once a minute per address, so a hostile client cannot flood the log.
 */
export function realtimeToken(secret: string, userId: number): string {
  return `${userId}.${createHmac('sha256', secret).update(`rt:${userId}`).digest('base64url')}`;
}

function tokenMatches(secret: string, token: string | undefined, userId: number): boolean {
  if (!token) return false;
  const expected = Buffer.from(realtimeToken(secret, userId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The presence set every open socket joins, whatever it subscribes to. Not a channel name a
 * client could subscribe to (channels.ts lists those), so no watcher or subscriber sees it.
 */
const ONLINE = '@online';

/** Why the hub refused a frame or a socket: the metrics' label. */
export type WsRefusal = 'invalid_frame' | 'oversized_frame' | 'flood' | 'address_limit' | 'session_limit';

const REFUSAL_LOG_PERIOD_MS = 60_000;

interface ViewerWatch {
  test(channel: string): boolean;
  onChange(channel: string, count: number): void;
}

export class Hub {
  private readonly channels = new Map<string, Set<WebSocket>>();
  /** Watched channels' viewers of this process, and its open sockets under ONLINE: channel → viewer ids. */
  private readonly localViewers = new Map<string, Set<string>>();
  private readonly watches: ViewerWatch[] = [];
  private readonly processId = randomBytes(6).toString('hex');
  private sockets = 0;
  private nextSocket = 0;
  private readonly stop: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly refusalLog = new LogThrottle(REFUSAL_LOG_PERIOD_MS);
  /** Told of each refusal (the metrics' counter); set by registerHub. */
  onRefused: (reason: WsRefusal) => void = () => undefined;

  constructor(
    bus: Bus,
    private readonly secret: string,
    private readonly presence: Presence,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stop = bus.listen((msg) => {
      const subs = this.channels.get(msg.channel);
      if (!subs?.size) return;
      const frame = JSON.stringify(msg);
      for (const ws of subs) if (ws.readyState === 1) ws.send(frame);
    });
    // Viewers stay counted while this process lives; a killed process's viewers fade out, and
    // the counts this process shows are corrected for them here.
    this.heartbeat = setInterval(() => void this.refreshViewers(), PRESENCE_TTL_MS / 3);
    this.heartbeat.unref();
  }

  /** Sockets open on this process (the metrics' gauge). */
  get localSockets() {
    return this.sockets;
  }

  /**
   * Sockets open on every process of the store: each joins one presence set (Redis when set), so
   * the footer's "online" is the store's, not the one process that answered.
   */
  async online(): Promise<number> {
    try {
      return await this.presence.count(ONLINE);
    } catch (err) {
      this.log.warn({ err }, 'online count unavailable');
      return this.sockets;
    }
  }

  /** Tells `onChange` the number of distinct live viewers of each channel `test` accepts, whenever it changes. */
  watchViewers(test: (channel: string) => boolean, onChange: (channel: string, count: number) => void) {
    this.watches.push({ test, onChange });
  }

  /** Distinct live viewers of a channel across every process. */
  viewers(channel: string): Promise<number> {
    return this.presence.count(channel);
  }

  /** Counts a refused frame or socket, and logs it unless this address was logged in the last minute. */
  refused(reason: WsRefusal, address: string) {
    this.onRefused(reason);
    const line = this.refusalLog.pass(address);
    if (line) this.log.warn({ address, reason, heldBack: line.held }, 'websocket client refused (logged once a minute per address)');
  }

  attach(ws: WebSocket, lang: Lang, address = 'unknown') {
    this.sockets++;
    const viewer = `${this.processId}:${++this.nextSocket}`;
    this.joinOnline(viewer);
    const mine = new Set<string>();
    let badFrames = 0;
    let windowStart = Date.now();
    let frames = 0;

    const reply = (frame: object) => {
      if (ws.readyState === 1) ws.send(JSON.stringify(frame));
    };
    const refuse = (code: ErrorCode, channel?: string) =>
      reply({ op: 'error', error: code, message: errorMessage(code, lang), ...(channel ? { channel } : {}) } satisfies WsErrorFrame);

    const onFrame = (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const now = Date.now();
      if (now - windowStart >= WS_LIMITS.windowMs) [windowStart, frames] = [now, 0];
      if (++frames > WS_LIMITS.framesPerWindow) {
        this.refused('flood', address);
        if (frames > WS_LIMITS.framesPerWindow * 2) return ws.close(1008, 'too many frames');
        return refuse('too_many_requests');
      }
      let parsed;
      try {
        parsed = isBinary ? null : wsClientFrame.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        this.refused('invalid_frame', address);
        refuse('validation');
        if (++badFrames >= WS_LIMITS.maxBadFrames) ws.close(1008, 'malformed frames');
        return;
      }
      const msg = parsed.data;
      if (msg.op === 'ping') return reply({ op: 'pong' });
      if (msg.op === 'unsubscribe') {
        if (mine.delete(msg.channel)) this.remove(ws, msg.channel, viewer);
        return;
      }
      const access = channelAccess(msg.channel);
      if (access.kind === 'none') return refuse('channel_not_found', msg.channel);
      if (access.kind === 'private' && !tokenMatches(this.secret, msg.token, access.userId)) return refuse('forbidden', msg.channel);
      if (mine.has(msg.channel)) return reply({ op: 'subscribed', channel: msg.channel });
      if (mine.size >= WS_LIMITS.maxChannels) return refuse('too_many_channels', msg.channel);
      mine.add(msg.channel);
      this.add(ws, msg.channel, viewer);
      reply({ op: 'subscribed', channel: msg.channel });
    };

    ws.on('message', (raw, isBinary) => {
      try {
        onFrame(raw, isBinary);
      } catch (err) {
        this.log.error({ err }, 'websocket frame failed');
        refuse('unpredicted');
      }
    });
    ws.on('error', (err: Error & { code?: string }) => {
      // The ws library's own refusals (a frame over the size limit, broken framing): it closes the socket itself.
      if (err.code?.startsWith('WS_ERR_')) return this.refused(err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'oversized_frame' : 'invalid_frame', address);
      this.log.debug({ err }, 'websocket error');
      ws.terminate();
    });
    ws.on('close', () => {
      this.sockets--;
      this.leaveOnline(viewer);
      for (const c of mine) this.remove(ws, c, viewer);
      mine.clear();
    });
  }

  private add(ws: WebSocket, channel: string, viewer: string) {
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(ws);
    if (!this.watches.some((w) => w.test(channel))) return;
    let local = this.localViewers.get(channel);
    if (!local) this.localViewers.set(channel, (local = new Set()));
    local.add(viewer);
    // The catch covers the announcement too: a count that fails (Redis gone, the store closing) must not escape.
    void this.presence
      .join(channel, viewer)
      .then(() => this.announce(channel))
      .catch((err: unknown) => this.log.warn({ err }, 'viewer not recorded'));
  }

  private remove(ws: WebSocket, channel: string, viewer: string) {
    const set = this.channels.get(channel);
    set?.delete(ws);
    if (set && !set.size) this.channels.delete(channel);
    const local = this.localViewers.get(channel);
    if (!local?.delete(viewer)) return;
    if (!local.size) this.localViewers.delete(channel);
    void this.presence
      .leave(channel, viewer)
      .then(() => this.announce(channel))
      .catch((err: unknown) => this.log.warn({ err }, 'viewer not removed'));
  }

  private joinOnline(viewer: string) {
    let local = this.localViewers.get(ONLINE);
    if (!local) this.localViewers.set(ONLINE, (local = new Set()));
    local.add(viewer);
    void this.presence.join(ONLINE, viewer).catch((err: unknown) => this.log.warn({ err }, 'socket not counted online'));
  }

  private leaveOnline(viewer: string) {
    const local = this.localViewers.get(ONLINE);
    local?.delete(viewer);
    if (local && !local.size) this.localViewers.delete(ONLINE);
    void this.presence.leave(ONLINE, viewer).catch((err: unknown) => this.log.warn({ err }, 'socket not uncounted online'));
  }

  private readonly lastCounts = new Map<string, number>();

  private async announce(channel: string) {
    const count = await this.presence.count(channel);
    if (this.lastCounts.get(channel) === count) return;
    if (count) this.lastCounts.set(channel, count);
    else this.lastCounts.delete(channel);
    for (const w of this.watches) {
      if (!w.test(channel)) continue;
      try {
        w.onChange(channel, count);
      } catch (err) {
        this.log.error({ err, channel }, 'viewer count handler failed');
      }
    }
  }

  private async refreshViewers() {
    try {
      await this.presence.refresh(this.localViewers);
      for (const channel of this.localViewers.keys()) if (channel !== ONLINE) await this.announce(channel);
    } catch (err) {
      this.log.warn({ err }, 'viewers not refreshed');
    }
  }

  close() {
    clearInterval(this.heartbeat);
    this.stop();
  }
}

/** Marks a connection whose upgrade took its socket slots (one upgrade per connection). */
const slotsTaken = Symbol('websocket slots taken');

/** A session's key among the socket limits: a hash of its token, so no token is kept in memory. */
const sessionKey = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function registerHub(app: FastifyInstance, hub: Hub) {
  const { env, metrics } = app.deps;
  hub.onRefused = (reason) => metrics.websocketRefused(reason);
  const slots = new SocketSlots({ perAddress: env.WS_MAX_PER_ADDRESS, perSession: env.WS_MAX_PER_SESSION });
  app.get(
    '/ws',
    {
      websocket: true,
      // Before the upgrade, so a refused socket costs one HTTP answer and no open connection. The
      // slots go back when the connection closes, whether or not the upgrade then succeeded.
      preValidation: async (req) => {
        const connection = req.raw.socket as (typeof req.raw.socket & { [slotsTaken]?: true }) | undefined;
        // A connection already gone (the client left during the sign-in lookup) would never free its slots.
        if (!req.ws || !connection || connection.destroyed || connection[slotsTaken]) return;
        // req.ip is the client behind the proxies TRUST_PROXY names, or the socket's own address.
        const token = req.authUser ? requestToken(req, env.PUBLIC_URL) : null;
        const slot = slots.take(req.ip, token ? sessionKey(token) : null);
        if (slot.refused) {
          hub.refused(slot.refused === 'address' ? 'address_limit' : 'session_limit', req.ip);
          throw new AppError('too_many_requests');
        }
        connection[slotsTaken] = true;
        connection.once('close', slot.release);
      },
    },
    (socket, req) => {
      // The websocket plugin logs every socket error at error level; the hub counts and rate-limits them instead.
      socket.removeAllListeners('error');
      const query = req.query as Record<string, unknown> | undefined;
      const lang = typeof query?.lang === 'string' ? pickLang(query.lang) : pickLang(req.headers['accept-language']);
      hub.attach(socket, lang, req.ip);
    },
  );
}

