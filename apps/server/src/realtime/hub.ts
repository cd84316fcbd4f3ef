import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Bus } from './bus.ts';

/**
 * The websocket hub at /ws. A client subscribes to channels; a message published on the bus
 * for a channel goes to every socket of this process subscribed to it. Private channels
 * (`user#<id>`) need the realtime token of GET /api/v1/users/centrifugo/token.
 */
interface ClientMsg {
  op?: string;
  channel?: string;
  token?: string;
}

const MAX_CHANNELS_PER_SOCKET = 32;

export const privateChannel = (userId: number) => `user#${userId}`;

export function realtimeToken(secret: string, userId: number): string {
  return `${userId}.${createHmac('sha256', secret).update(`rt:${userId}`).digest('base64url')}`;
}

function tokenAllows(secret: string, token: string | undefined, channel: string): boolean {
  const m = /^user#(\d+)$/.exec(channel);
  if (!m) return true;
  if (!token) return false;
  const expected = Buffer.from(realtimeToken(secret, Number(m[1])));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class Hub {
  private readonly channels = new Map<string, Set<WebSocket>>();
  private sockets = 0;
  private readonly stop: () => void;

  constructor(
    bus: Bus,
    private readonly secret: string,
  ) {
    this.stop = bus.listen((msg) => {
      const subs = this.channels.get(msg.channel);
      if (!subs?.size) return;
      const frame = JSON.stringify(msg);
      for (const ws of subs) if (ws.readyState === 1) ws.send(frame);
    });
  }

  get online() {
    return this.sockets;
  }

  attach(ws: WebSocket) {
    this.sockets++;
    const mine = new Set<string>();
    ws.on('message', (raw) => {
      let msg: ClientMsg;
      try {
        msg = JSON.parse(String(raw)) as ClientMsg;
      } catch {
        return ws.send(JSON.stringify({ error: 'bad_json' }));
      }
      const channel = typeof msg.channel === 'string' ? msg.channel.slice(0, 100) : '';
      if (msg.op === 'subscribe' && channel) {
        if (mine.size >= MAX_CHANNELS_PER_SOCKET) return ws.send(JSON.stringify({ error: 'too_many_channels', channel }));
        if (!tokenAllows(this.secret, msg.token, channel)) return ws.send(JSON.stringify({ error: 'forbidden', channel }));
        mine.add(channel);
        let set = this.channels.get(channel);
        if (!set) this.channels.set(channel, (set = new Set()));
        set.add(ws);
        ws.send(JSON.stringify({ op: 'subscribed', channel }));
      } else if (msg.op === 'unsubscribe' && channel) {
        mine.delete(channel);
        this.channels.get(channel)?.delete(ws);
      } else if (msg.op === 'ping') {
        ws.send(JSON.stringify({ op: 'pong' }));
      }
    });
    ws.on('close', () => {
      this.sockets--;
      for (const c of mine) {
        const set = this.channels.get(c);
        set?.delete(ws);
        if (set && !set.size) this.channels.delete(c);
      }
    });
  }

  close() {
    this.stop();
  }
}

export async function registerHub(app: FastifyInstance, hub: Hub) {
  app.get('/ws', { websocket: true }, (socket) => hub.attach(socket));
}
