import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { parseEnv, repoRoot } from '../src/config/env.ts';
import { prepareDeployment, sandboxesInUse, StartRefused } from '../src/config/deployment.ts';

/**
 * What `docker compose up` gives the store (compose.yaml, the image's Dockerfile and the example
 * env file): without a deliberate choice no outside service runs on its sandbox, since the payment
 * sandbox credits any sum. Every service has only a sandbox adapter today, so such a store refuses
 * to start and says how to opt in; the example env file shows the line that does.
 */
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** Compose's interpolation of one value: `${X}`, `${X:-default}`, `${X-default}`, `${X:?error}`, `${X?error}`, `$$`. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(
    /\$\$|\$\{(\w+)(?:(:?)([-?])([^}]*))?\}/g,
    (whole, name: string | undefined, colon: string, op: string, arg: string) => {
      if (whole === '$$') return '$';
      const set = Object.hasOwn(shell, name!) && (colon !== ':' || shell[name!] !== '');
      if (set) return shell[name!]!;
      if (op === '?') throw new Error(`compose stops: ${name} ${arg}`);
      return op === '-' ? arg : '';
    },
  );
}

/**
 * The store service's environment as compose hands it over: the image's own ENV beneath the .env
 * file (`shell`, which compose reads both for `${…}` and as the service's env_file), and the
 * service's own lines on top.
 */
function storeEnvironment(shell: Record<string, string>): Record<string, string> {
  const compose = parse(read('compose.yaml')) as {
    services: { store: { environment: Record<string, string | number | boolean>; env_file?: { path: string }[] } };
  };
  const envFile = compose.services.store.env_file?.some((f) => f.path === '.env') ? shell : {};
  const image = Object.fromEntries(
    [...read('Dockerfile').matchAll(/^ENV (.+)$/gm)].flatMap((m) => [...m[1]!.matchAll(/(\w+)=(\S+)/g)].map((kv) => [kv[1]!, kv[2]!])),
  );
  const own = Object.fromEntries(Object.entries(compose.services.store.environment).map(([k, v]) => [k, interpolate(String(v), shell)]));
  return { ...image, ...envFile, ...own };
}

/** The example env file as `cp .env.example .env` gives it to compose, its required values filled in. */
function exampleEnv(uncomment: RegExp | null = null): Record<string, string> {
  const lines = read('.env.example')
    .split('\n')
    .map((l) => (uncomment && uncomment.test(l) ? l.replace(/^#\s*/, '') : l));
  const values = Object.fromEntries(
    lines.filter((l) => /^\w+=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { ...values, POSTGRES_PASSWORD: 'pw', PAYMENT_SANDBOX_SECRET: 'a'.repeat(64) };
}

/** The example env file filled in for real money: its payment and mail lines on, with values from the cabinets. */
const realMoney = (): Record<string, string> => ({
  ...exampleEnv(/^#\s*(PAYMENT_PROVIDER|FREEKASSA_|CRYPTOMUS_|MAIL_PROVIDER|SMTP_URL|MAIL_FROM)/),
  PUBLIC_URL: 'https://store.example',
  FREEKASSA_MERCHANT_ID: '12345',
  FREEKASSA_SECRET_1: 'first-secret-word',
  FREEKASSA_SECRET_2: 'second-secret-word',
  CRYPTOMUS_MERCHANT_ID: '8b9c3a2e-4f1d-4c6a-9e7b-2d5f6a1b3c4d',
  CRYPTOMUS_API_KEY: 'k'.repeat(64),
  SMTP_URL: 'smtps://store:pw@smtp.example:465',
  MAIL_FROM: 'CaseStore <no-reply@store.example>',
  SANDBOX: 'notifications,vendor,signin,push',
  PAYMENT_SANDBOX_SECRET: '',
});

const start = (shell: Record<string, string>) => prepareDeployment(parseEnv(storeEnvironment(shell)), os.tmpdir());

describe('compose.yaml defaults', () => {
  it('a plain docker compose up runs no sandbox: the production store refuses to start and names SANDBOX as the way in', () => {
    const shell = { POSTGRES_PASSWORD: 'pw', PAYMENT_SANDBOX_SECRET: 'a'.repeat(64) };
    const env = storeEnvironment(shell);
    expect(env.SANDBOX ?? '').toBe('');
    expect(env.NODE_ENV).toBe('production');
    expect(parseEnv(env).SANDBOX).toEqual([]);
    expect(() => start(shell)).toThrow(StartRefused);
    expect(() => start(shell)).toThrow(/payments.*SANDBOX=payments/);
  });

  it('the example env file opts in only on its SANDBOX line, which names every sandbox the store would run', () => {
    expect(existsSync(path.join(repoRoot, '.env.example'))).toBe(true);
    // Copied as it is, the example chooses no sandbox.
    expect(exampleEnv().SANDBOX ?? '').toBe('');
    expect(() => start(exampleEnv())).toThrow(StartRefused);
    // Its commented line is the deliberate choice: with it the store starts, every sandbox named.
    const chosen = exampleEnv(/^#\s*SANDBOX=/);
    expect(chosen.SANDBOX).toMatch(/payments/);
    const env = start(chosen);
    expect(env.SANDBOX).toEqual(expect.arrayContaining(sandboxesInUse(env)));
  });

  it('a .env with the real payment providers and SMTP starts with SANDBOX naming only what is still a sandbox, and needs no sandbox secret', () => {
    const env = start(realMoney());
    expect(env.PAYMENT_PROVIDER).toEqual(['freekassa', 'cryptomus']);
    expect(env.MAIL_PROVIDER).toBe('smtp');
    expect(sandboxesInUse(env)).not.toContain('payments');
    expect(env.PAYMENT_SANDBOX_SECRET ?? '').toBe('');
    // A setting the cabinet gives is never made up: without it the start names it.
    expect(() => start({ ...realMoney(), FREEKASSA_SECRET_2: '' })).toThrow(/FREEKASSA_SECRET_2/);
    expect(() => start({ ...realMoney(), SMTP_URL: '' })).toThrow(/SMTP_URL/);
    // Nor is a sandbox: SANDBOX without notifications refuses while letters would still reach one.
    expect(() => start({ ...realMoney(), SANDBOX: 'vendor,signin,push' })).toThrow(/notifications.*SANDBOX=notifications/);
  });
});

describe('compose.yaml in front of the store', () => {
  type Service = { image?: string; ports?: string[]; expose?: string[]; logging?: { driver: string; options: Record<string, string> }; volumes?: string[] };
  const services = () => (parse(read('compose.yaml')) as { services: Record<string, Service> }).services;

  it('only Caddy is reachable from outside, on 80 and 443, and the store counts its two proxies', () => {
    const all = services();
    const published = Object.entries(all).filter(([, s]) => s.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['caddy']);
    expect(all.caddy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    expect(all.caddy!.volumes).toEqual(expect.arrayContaining(['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro']));
    expect(read('deploy/Caddyfile')).toMatch(/reverse_proxy nginx:80/);
    // Caddy, then nginx: the player's address is two hops back.
    expect(storeEnvironment({ POSTGRES_PASSWORD: 'pw' }).TRUST_PROXY).toBe('2');
  });

  it("every service's log is rotated by Docker", () => {
    for (const [name, service] of Object.entries(services())) {
      expect(service.logging?.driver, name).toBe('json-file');
      expect(service.logging?.options['max-size'], name).toMatch(/^\d+m$/);
      expect(Number(service.logging?.options['max-file']), name).toBeGreaterThan(1);
    }
  });

  it("nginx looks the replicas up again while it runs, on an image new enough for the upstream's resolve", () => {
    const conf = read('deploy/nginx.conf');
    expect(conf).toMatch(/^\s*resolver 127\.0\.0\.11 valid=\d+s/m);
    expect(conf).toMatch(/^\s*server store:3000 [^;]* resolve;/m);
    expect(conf).toMatch(/^\s*zone store /m);
    // `resolve` on an upstream server came to open-source nginx in 1.27.3.
    const [major, minor] = /^nginx:(\d+)\.(\d+)/.exec(services().nginx!.image!)!.slice(1).map(Number);
    expect(major! > 1 || minor! >= 28).toBe(true);
  });
});

