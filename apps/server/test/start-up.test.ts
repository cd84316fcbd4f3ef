import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isUnreachable, retryWithBackoff } from '../src/platform/start-up.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { http, startServer, stopServer, type RunningServer } from './helpers/server-process.ts';
import { freePort } from './helpers/redis-server.ts';
import { eventually } from './helpers/ws.ts';

const serverEntry = path.resolve(import.meta.dirname, '../dist/server.mjs');

/** Runs the real server until it exits by itself, collecting stdout and stderr. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

const linesNaming = (output: string, name: string) => output.split('\n').filter((l) => l.includes(name));
const stackLines = (output: string) => output.split('\n').filter((l) => /^\s+at /.test(l));

describe('waiting for the database with backoff', () => {
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const fakeTime = () => {
    let t = 0;
    const waits: number[] = [];
    return { waits, now: () => t, sleep: async (ms: number) => void (waits.push(ms), (t += ms)) };
  };

  it('reaches a database that starts listening within the window, waiting longer after each refusal', async () => {
    const time = fakeTime();
    let attempts = 0;
    const connect = async () => {
      if (++attempts < 5) throw refused();
      return 'connected';
    };
    await expect(retryWithBackoff(connect, { forMs: 30_000, retryable: isUnreachable, ...time })).resolves.toBe('connected');
    expect(time.waits).toEqual([250, 500, 1000, 2000]);
  });

  it('gives up with the last refusal once the window has passed, and at once on a refusal waiting cannot cure', async () => {
    const time = fakeTime();
    await expect(retryWithBackoff(async () => Promise.reject(refused()), { forMs: 3_000, retryable: isUnreachable, ...time })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(time.waits).toEqual([250, 500, 1000, 1250]);

    const auth = Object.assign(new Error('password authentication failed for user "store"'), { code: '28P01' });
    const once = fakeTime();
    await expect(retryWithBackoff(async () => Promise.reject(auth), { forMs: 30_000, retryable: isUnreachable, ...once })).rejects.toBe(auth);
    expect(once.waits).toEqual([]);
  });
});

describe('start-up errors of the real server', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-startup-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('gives up on an unreachable database after its window with one line naming DATABASE_URL, no stack', async () => {
    const port = await freePort();
    const run = await runUntilExit({
      DATA_DIR: dataDir,
      PORT: '0',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/store`,
      DATABASE_CONNECT_TIMEOUT_S: '1',
      PAYMENT_SANDBOX_SECRET: 'a-secret-of-this-test-only',
      REDIS_URL: '',
    });
    expect(run.code, run.output).toBe(1);
    expect(linesNaming(run.output, 'DATABASE_URL'), run.output).toHaveLength(1);
    expect(linesNaming(run.output, 'DATABASE_URL')[0]).toMatch(/cannot reach the database .*ECONNREFUSED.*DATABASE_CONNECT_TIMEOUT_S/);
    expect(stackLines(run.output), run.output).toEqual([]);
  });

  describe('on a working database', () => {
    let place: Awaited<ReturnType<typeof processTestPlace>>;
    let server: RunningServer | null = null;
    beforeAll(async () => {
      place = await processTestPlace('store-startup-db-');
    });
    afterAll(async () => {
      if (server) await stopServer(server);
      await place.cleanup();
    });

    it('starts without Redis at REDIS_URL, says so in one line, serves money paths and answers 503 on /api/ready', async () => {
      const redisPort = await freePort();
      server = await startServer({ ...place.env, REDIS_URL: `redis://127.0.0.1:${redisPort}` });
      const s = server;
      const ready = await eventually(() => http(s.url, 'GET', '/api/ready'), (r) => r.status === 503);
      expect(ready.body).toMatchObject({ ready: false, checks: { redis: 'failed', database: 'ok' } });
      const reg = await http(s.url, 'POST', '/api/v1/auth/registration/quick', { body: {} });
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      // ioredis retries every couple of seconds in the background; the log says it once.
      expect(linesNaming(s.output(), 'REDIS_URL'), s.output()).toHaveLength(1);
      expect(linesNaming(s.output(), 'REDIS_URL')[0]).toContain(`127.0.0.1:${redisPort}`);
      expect(s.output()).not.toContain('Unhandled error event');
      expect(await stopServer(s)).toBe(0);
      server = null;
    });

    it('refuses a taken port with one line naming PORT, no stack', async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      try {
        const port = (taken.address() as net.AddressInfo).port;
        const run = await runUntilExit({ ...place.env, PORT: String(port) });
        expect(run.code, run.output).toBe(1);
        expect(linesNaming(run.output, 'PORT'), run.output).toHaveLength(1);
        expect(linesNaming(run.output, 'PORT')[0]).toContain(`port ${port} on 127.0.0.1 is taken`);
        expect(stackLines(run.output), run.output).toEqual([]);
      } finally {
        await new Promise((resolve) => taken.close(resolve));
      }
    });
  });
});
