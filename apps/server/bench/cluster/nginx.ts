import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Debian's nginx; `apt-get install nginx` puts it here. */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
  errors(): string;
  /** What nginx has written to its access log so far. */
  accessLog(): string;
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The configuration compose.yaml runs in front of the store's processes. */
export const DEPLOY_NGINX_CONF = path.resolve(import.meta.dirname, '../../../../deploy/nginx.conf');

/** `text` with `pattern` replaced; a configuration that no longer has what it replaces is an error, not a silent drift. */
function replaceOnce(text: string, pattern: RegExp, by: string, what: string): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${what}: update apps/server/bench/cluster/nginx.ts`);
  return text.replace(pattern, by);
}

/**
 * deploy/nginx.conf as it runs on this machine: the same rules (websockets, forwarded addresses,
 * request ids, the next process on a refusal), with only what differs outside Docker changed:
 * it listens on a loopback port, its upstream servers are the processes' addresses (addresses,
 * so nothing to look up again), and it keeps its pid, temporary files and access log in `dir`.
 */
export function nginxConfig(opts: { dir: string; port: number; upstreams: string[]; asRoot: boolean }): string {
  const t = (name: string) => path.join(opts.dir, name);
  let conf = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  conf = replaceOnce(conf, /^worker_processes .*;$/m, `${opts.asRoot ? 'user root;\n' : ''}worker_processes 1;\ndaemon off;\npid ${t('nginx.pid')};\nerror_log ${t('error.log')} warn;`, 'worker_processes');
  conf = replaceOnce(
    conf,
    /^(\s*)server store:3000( [^;]*?)(?: resolve)?;$/m,
    opts.upstreams.map((u) => `$1server ${u}$2;`).join('\n'),
    'the upstream server line',
  );
  conf = replaceOnce(conf, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${opts.port};`, 'listen 80');
  conf = replaceOnce(conf, /access_log \/dev\/stdout store;/, `access_log ${t('access.log')} store;`, 'the access log');
  conf = replaceOnce(
    conf,
    /^http \{$/m,
    `http {\n  client_body_temp_path ${t('body')};\n  proxy_temp_path ${t('proxy')};\n  fastcgi_temp_path ${t('fastcgi')};\n  uwsgi_temp_path ${t('uwsgi')};\n  scgi_temp_path ${t('scgi')};`,
    'the http block',
  );
  return conf;
}

/** Starts nginx in the foreground on a free port in front of `upstreams` ("host:port"), with its files in `dir`. */
export async function startNginx(dir: string, upstreams: string[]): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: apt-get install nginx (or set NGINX_PATH)`);
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  const asRoot = process.getuid?.() === 0;
  writeFileSync(conf, nginxConfig({ dir, port, upstreams, asRoot }));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const errors = () => stderr + (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited ${child.exitCode}: ${errors()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer: ${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    errors,
    accessLog: () => (existsSync(path.join(dir, 'access.log')) ? readFileSync(path.join(dir, 'access.log'), 'utf8') : ''),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        // QUIT: nginx finishes what it serves, then exits.
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
