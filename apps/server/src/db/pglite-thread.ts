import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { bundled, serverRoot } from '../platform/paths.ts';
import type { PgliteReply, PgliteRequest, PgliteThreadInit, SerializedDbError } from './pglite-worker.ts';

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Distribute<PgliteRequest>;

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** What Drizzle's PGlite driver calls on a client and on a transaction's client. */
export interface PgliteLikeClient {
  query<T = unknown>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

// The bundle has the worker as a file of its own; from the sources a short script loads it with tsx.
const workerEntry = bundled ? path.join(serverRoot, 'dist/pglite-worker.mjs') : path.join(serverRoot, 'src/db/pglite-worker-boot.mjs');

/**
 * The main thread's handle on the database thread (pglite-worker.ts). It speaks the part of
 * PGlite's interface that Drizzle uses, so the rest of the server sees no difference. Queries
 * are sent at once and queue on the database thread, which never waits for this thread between
 * them; a transaction's statements carry its id, and the database thread runs nothing else
 * until it commits or rolls back.
 */
export class PgliteThread implements PgliteLikeClient {
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    private readonly onLost?: (err: Error) => void,
  ) {
    worker.on('message', (reply: PgliteReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result);
      else p.reject(toError(reply.error));
    });
    // A dead database thread fails every waiting and later call instead of leaving them hanging.
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) => this.fail(new Error(`the database thread exited (${code})`)));
  }

  /** `onLost` hears of a database thread that died while in use (not of a close). */
  static async start(init: PgliteThreadInit, onLost?: (err: Error) => void): Promise<PgliteThread> {
    const worker = new Worker(workerEntry, {
      workerData: init,
      // The thread's own objects are results on their way out, all short-lived; a small young
      // generation keeps its heap small (WebAssembly memory is counted apart).
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
    });
    const thread = new PgliteThread(worker, onLost);
    await new Promise<void>((resolve, reject) => {
      thread.pending.set(0, { resolve: () => resolve(), reject });
    });
    return thread;
  }

  query<T = unknown>(sql: string, params: unknown[] = [], opts: QueryOptions = {}): Promise<{ rows: T[] }> {
    return this.send({ op: 'query', tx: 0, sql, params, rowMode: opts.rowMode ?? 'object' }) as Promise<{ rows: T[] }>;
  }

  exec(sql: string): Promise<unknown> {
    return this.send({ op: 'exec', tx: 0, sql });
  }

  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.send({ op: 'begin', tx });
    const client: PgliteLikeClient = {
      query: <R>(sql: string, params: unknown[] = [], opts: QueryOptions = {}) =>
        this.send({ op: 'query', tx, sql, params, rowMode: opts.rowMode ?? 'object' }) as Promise<{ rows: R[] }>,
      exec: (sql) => this.send({ op: 'exec', tx, sql }),
    };
    let result: T;
    try {
      result = await fn(client);
    } catch (err) {
      await this.send({ op: 'rollback', tx }).catch(() => undefined);
      throw err;
    }
    await this.send({ op: 'commit', tx });
    return result;
  }

  /** A consistent copy of the whole data folder as a gzipped tar, written to `file` between transactions. */
  dump(file: string): Promise<{ bytes: number }> {
    return this.send({ op: 'dump', tx: 0, file }) as Promise<{ bytes: number }>;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    this.closing = true;
    await this.send({ op: 'close', tx: 0 });
    this.fail(new Error('the database thread is closed'));
    await this.worker.terminate();
  }

  private send(req: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id });
    });
  }

  private fail(err: Error) {
    if (!this.failure && !this.closing) this.onLost?.(err);
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
  }
}

/** A database error as callers know it: message and PostgreSQL fields (code, constraint...). */
function toError(e: SerializedDbError): Error {
  const { name, message, ...fields } = e;
  return Object.assign(new Error(message), fields, { name });
}
