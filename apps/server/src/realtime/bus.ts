import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

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
  publish(channel: string, event: string, data: unknown) {
    // Delivered on the next tick, like a network bus: a publisher inside a transaction never
    // runs subscriber code before it returns.
    queueMicrotask(() => this.emitter.emit('msg', { channel, event, data }));
  }
  listen(listener: BusListener) {
    this.emitter.on('msg', listener);
    return () => void this.emitter.off('msg', listener);
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

const REDIS_TOPIC = 'store:events';

export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly local = new InProcessBus();
  private readonly ready: Promise<unknown>;

  constructor(url: string, topic = REDIS_TOPIC) {
    this.topic = topic;
    this.pub = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
    this.sub = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
    this.ready = this.sub.subscribe(this.topic);
    this.sub.on('message', (_topic: string, raw: string) => {
      try {
        const msg = JSON.parse(raw) as BusMessage;
        this.local.publish(msg.channel, msg.event, msg.data);
      } catch {
        // A malformed message from another process is dropped, never fatal.
      }
    });
  }
  private readonly topic: string;

  async waitReady() {
    await this.ready;
  }
  publish(channel: string, event: string, data: unknown) {
    void this.pub.publish(this.topic, JSON.stringify({ channel, event, data })).catch(() => undefined);
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

export async function createBus(redisUrl?: string, topic?: string): Promise<Bus> {
  if (!redisUrl) return new InProcessBus();
  const bus = new RedisBus(redisUrl, topic);
  await bus.waitReady();
  return bus;
}
