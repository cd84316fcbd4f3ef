import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { FAIL_FAST, firstContact, type RedisLink } from '../platform/redis-link.ts';

/**
 * Every live event goes through one bus. In one process it is an in-memory emitter; with
 * REDIS_URL it is Redis pub/sub, so each server process behind a load balancer hears what
 * any other one publishes and can deliver it to its own websocket subscribers.
 */
export interface BusMessage {
  channel: string;
  event: string;
  data: unknown;
}
export type BusListener = (msg: BusMessage) => void;

export interface Bus {
  publish(channel: string, event: string, data: unknown): void;
  /** Hears every message on every channel; returns the way to stop listening. */
  listen(listener: BusListener): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  constructor(private readonly onListenerError: (err: unknown, msg: BusMessage) => void = () => undefined) {}
  publish(channel: string, event: string, data: unknown) {
    // Delivered on the next tick, like a network bus: a publisher inside a transaction never
    // runs subscriber code before it returns.
    queueMicrotask(() => this.emitter.emit('msg', { channel, event, data }));
  }
  listen(listener: BusListener) {
    // One listener that throws must neither stop the others nor escape as an uncaught error.
    const guarded = (msg: BusMessage) => {
      try {
        listener(msg);
      } catch (err) {
        this.onListenerError(err, msg);
      }
    };
    this.emitter.on('msg', guarded);
    return () => void this.emitter.off('msg', guarded);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

const busTopic = (prefix: string) => `${prefix}:events`;

export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local: InProcessBus;
  private readonly subscribed: Promise<unknown>;

  /** `prefix` is the store's REDIS_PREFIX: stores sharing one Redis never hear each other. */
  constructor(
    private readonly link: RedisLink,
    prefix: string,
    onListenerError?: (err: unknown, msg: BusMessage) => void,
  ) {
    this.topic = busTopic(prefix);
    this.local = new InProcessBus(onListenerError);
    this.pub = link.open();
    // The subscription waits for Redis however long it takes (ioredis subscribes again after
    // every reconnect); no request waits on this client.
    this.sub = link.open({ ...FAIL_FAST, enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
    this.subscribed = this.sub.subscribe(this.topic).catch(() => undefined);
    this.sub.on('message', (_topic: string, raw: string) => {
      try {
        const msg = JSON.parse(raw) as BusMessage;
        if (typeof msg?.channel === 'string' && typeof msg.event === 'string') this.local.publish(msg.channel, msg.event, msg.data);
      } catch {
        // A malformed message from another process is dropped, never fatal.
      }
    });
  }
  private readonly topic: string;

  /** Subscribed, or Redis is away (start-up goes on without it; the subscription follows when it is back). */
  async waitReady() {
    await Promise.all([firstContact(this.pub), firstContact(this.sub)]);
    if (this.sub.status === 'ready') await Promise.race([this.subscribed, new Promise((resolve) => this.sub.once('error', resolve))]);
  }
  publish(channel: string, event: string, data: unknown) {
    if (this.pub.status !== 'ready') {
      // Redis is away: the other processes miss this event, this one still hears it (a revoked
      // session, a switch, a live drop of its own players).
      this.link.fellBack('bus');
      this.local.publish(channel, event, data);
      return;
    }
    void this.pub.publish(this.topic, JSON.stringify({ channel, event, data })).catch(() => this.link.fellBack('bus'));
  }
  listen(listener: BusListener) {
    return this.local.listen(listener);
  }
  async close() {
    await this.local.close();
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export async function createBus(opts: { redis?: RedisLink; prefix: string; onListenerError?: (err: unknown, msg: BusMessage) => void }): Promise<Bus> {
  if (!opts.redis) return new InProcessBus(opts.onListenerError);
  const bus = new RedisBus(opts.redis, opts.prefix, opts.onListenerError);
  await bus.waitReady();
  return bus;
}

/**
 * One message onto a store's Redis bus from a process that is not a server (the operator
 * command working on PostgreSQL directly): every server process hears it as its own.
 */
export async function publishToRedisBus(redisUrl: string, prefix: string, channel: string, event: string, data: unknown): Promise<void> {
  // One attempt, failing within seconds: with Redis away the servers catch up by themselves
  // (short cache lifetimes, periodic re-reads), so the caller only says so.
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 0, connectTimeout: 2_000, commandTimeout: 2_000, retryStrategy: () => null });
  // The failure reaches the caller through the rejected publish; the event would only be printed.
  pub.on('error', () => undefined);
  try {
    await pub.publish(busTopic(prefix), JSON.stringify({ channel, event, data }));
  } finally {
    pub.disconnect();
  }
}
