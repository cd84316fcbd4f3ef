import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../src/config/env.ts';

/**
 * deploy/Caddyfile as Caddy itself reads it (Debian's caddy: `caddy adapt` turns it into the JSON
 * it runs): TLS for the store's name, everything proxied to nginx, and no request id taken from
 * the player. Needs caddy (CI installs it; vitest.config.ts leaves this file out without it).
 */
const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';

/** The Caddyfile adapted with SITE_ADDRESS as compose hands it over (compose turns an empty one into `localhost`). */
function adapt(siteAddress: string | undefined) {
  const { SITE_ADDRESS: _, ...env } = process.env;
  const res = spawnSync(CADDY, ['adapt', '--config', path.join(repoRoot, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: siteAddress === undefined ? env : { ...env, SITE_ADDRESS: siteAddress },
    encoding: 'utf8',
  });
  expect(res.status, res.stderr).toBe(0);
  return JSON.parse(res.stdout) as {
    apps: { http: { servers: Record<string, { listen: string[]; routes: { match: { host: string[] }[]; handle: unknown[] }[] }> } };
  };
}

describe('deploy/Caddyfile', () => {
  it("serves the store's name on 443 and proxies it to nginx without the player's request id", () => {
    const servers = Object.values(adapt('store.example').apps.http.servers);
    expect(servers).toHaveLength(1);
    const [server] = servers;
    expect(server!.listen).toEqual([':443']);
    expect(server!.routes[0]!.match).toEqual([{ host: ['store.example'] }]);
    const proxy = JSON.stringify(server!.routes[0]!.handle);
    expect(proxy).toContain('"handler":"reverse_proxy"');
    expect(proxy).toContain('"dial":"nginx:80"');
    expect(proxy).toContain('"delete":["X-Request-Id"]');
  });

  it('without SITE_ADDRESS serves localhost with a certificate of its own', () => {
    const [server] = Object.values(adapt(undefined).apps.http.servers);
    expect(server!.routes[0]!.match).toEqual([{ host: ['localhost'] }]);
  });
});
