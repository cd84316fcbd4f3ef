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

/**
 * The configuration a deployment puts in front of several store processes (compose.yaml ships
 * the same rules): websockets passed through with their upgrade, the client's address forwarded
 * (the store trusts one hop), and a request that could not reach a process (refused, or answered
 * 502/503 by one shutting down) tried on the next one. nginx never re-sends a POST that reached a
 * process, so a purchase is never made twice by the proxy; a player's retry carries its key.
 */
export function nginxConfig(opts: { dir: string; port: number; upstreams: string[]; asRoot: boolean }): string {
  const t = (name: string) => path.join(opts.dir, name);
  return `${opts.asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${t('nginx.pid')};
error_log ${t('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream store {
${opts.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${opts.port};
    location / {
      proxy_pass http://store;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
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
