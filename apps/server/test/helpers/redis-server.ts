import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** The redis-server binary (Debian package `redis-server`; CI installs it). */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export function requireRedisServer(): void {
  const probe = spawnSync(REDIS_SERVER, ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error(`this test runs its own Redis and needs the redis-server binary (Debian package redis-server, or REDIS_SERVER_PATH): ${probe.error?.message ?? probe.stderr}`);
  }
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** Kills it the way a crash does (SIGKILL) and waits until it has gone. */
  kill(): Promise<void>;
}

/** A throw-away redis-server on `port`, without persistence, once it accepts connections. */
export async function startRedis(port: number): Promise<PrivateRedis> {
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const read = (d: Buffer) => {
      out += d;
      if (out.includes('Ready to accept connections')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
