import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { PUSH_MISSIONS, PWA_BONUS_COINS } from '@store/shared/pwa';
import { toUnits } from '@store/shared/money';
import { parseEnv } from '../src/config/env.ts';
import { prepareDeployment, sandboxesInUse, StartRefused } from '../src/config/deployment.ts';
import { runAdminCommand } from '../src/admin/commands.ts';
import { pushSubscriptions } from '../src/modules/push/schema.ts';
import { listSandboxPushes } from '../src/modules/push/sandbox/sandbox-push.ts';
import { WebPushSender } from '../src/modules/push/web-push-sender.ts';
import { api, countRows, ledgerMismatches, registerPlayer, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

let store: TestStore;
beforeAll(async () => {
  store = await createTestStore();
});
afterAll(() => store.close());
const db = () => store.database.db;

const me = async (p: Player) => (await api(store.app, 'GET', '/api/v1/users/me', { token: p.token })).body.data.finance as { balance: number; coin_balance: number };

/** A browser's subscription: a real P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

const subscribe = (p: Player, subscription: unknown, installed = false) => api(store.app, 'POST', '/api/v1/push/subscriptions', { token: p.token, body: { subscription, installed } });
const mission = async (p: Player, type: 'push' | 'pushPWA', lang: 'ru' | 'en' = 'ru') => (await api(store.app, 'GET', `/api/v1/push/missions/${type}`, { token: p.token, lang })).body.data;
const claim = (p: Player, type: 'push' | 'pushPWA') => api(store.app, 'POST', `/api/v1/push/missions/${type}/claim`, { token: p.token });

describe('the PWA bonus', () => {
  it('pays 200 coins once, with its ledger row, and answers a repeat without paying', async () => {
    const p = await registerPlayer(store.app);
    const first = await api(store.app, 'GET', '/api/v1/bonus/pwa', { token: p.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, data: { status: true, already_claimed: false, coins: 200, coin_balance: 200 } });
    expect(toUnits(PWA_BONUS_COINS)).toBe(200);
    expect((await me(p)).coin_balance).toBe(200);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'pwa_bonus' and currency = 'TASTY_COIN' and delta = ${PWA_BONUS_COINS}`)).toBe(1);

    const again = await api(store.app, 'GET', '/api/v1/bonus/pwa', { token: p.token });
    expect(again.body.data).toEqual({ status: false, already_claimed: true, coins: 0, coin_balance: 200 });
    expect((await me(p)).coin_balance).toBe(200);
  });

  it('pays once when 30 claims of one player race', async () => {
    const p = await registerPlayer(store.app);
    const answers = await Promise.all(Array.from({ length: 30 }, () => api(store.app, 'GET', '/api/v1/bonus/pwa', { token: p.token })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.data.status).length).toBe(1);
    expect((await me(p)).coin_balance).toBe(200);
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'pwa_bonus'`)).toBe(1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('refuses a guest with the catalogue code', async () => {
    const res = await api(store.app, 'GET', '/api/v1/bonus/pwa');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: false, code: 'authentication' });
  });
});

describe('push subscriptions', () => {
  it('hand out the store VAPID key, kept for the whole store', async () => {
    const key = (await api(store.app, 'GET', '/api/v1/push/key')).body.data;
    expect(key.available).toBe(true);
    expect(Buffer.from(key.public_key, 'base64url')).toHaveLength(65);
    expect(store.app.modules.push.sender.publicKey).toBe(key.public_key);
  });

  it('refuse a malformed endpoint or keys with the validation code and store nothing', async () => {
    const p = await registerPlayer(store.app);
    const good = browserSubscription().json;
    const bad = [
      { ...good, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, auth: 'short' } },
      { endpoint: good.endpoint },
    ];
    for (const subscription of bad) {
      const res = await subscribe(p, subscription);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation');
    }
    expect(await countRows(db(), sql`select count(*) as n from push_subscriptions where user_id = ${p.userId}`)).toBe(0);
    expect((await subscribe({ ...p, token: 'nobody' }, good)).body.code).toBe('authentication');
  });

  it('opt a player in, deliver the welcome notification through the sandbox and opt out', async () => {
    const p = await registerPlayer(store.app);
    const sub = browserSubscription();
    const res = await subscribe(p, sub.json);
    expect(res.status).toBe(200);
    // Opted in (1) and the push service took the welcome notification (2).
    expect(res.body.data.mission).toMatchObject({ type: 'push', progress: 2, status: false, claimed: false, msg: 'Откройте уведомление от магазина' });
    const [delivered] = await listSandboxPushes(db(), [sub.json.endpoint]);
    expect(delivered?.payload).toMatchObject({ title: 'Уведомления включены', url: '/', tag: 'store-welcome' });

    // The operator's test notification goes to the same browser, and the listing shows both.
    expect(await runAdminCommand(db(), { command: 'push-send', login: p.login }, { push: store.app.modules.push.sender })).toEqual({ sent: 1, accepted: 1 });
    const listed = (await runAdminCommand(db(), { command: 'push-list', login: p.login })) as { deliveries: { title: string }[] };
    expect(listed.deliveries.map((d) => d.title)).toEqual(['Проверка уведомлений', 'Уведомления включены']);

    const out = await store.app.inject({ method: 'DELETE', url: '/api/v1/push/subscriptions', headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' }, payload: { endpoint: sub.json.endpoint } });
    expect(out.json().data).toEqual({ removed: true });
    await expect(runAdminCommand(db(), { command: 'push-send', login: p.login }, { push: store.app.modules.push.sender })).rejects.toThrow(/not turned notifications on/);
  });

  it('move the installed app mission when the player opts in from it', async () => {
    const p = await registerPlayer(store.app);
    await subscribe(p, browserSubscription().json, true);
    expect((await mission(p, 'pushPWA', 'en')).progress).toBe(2);
    expect((await mission(p, 'push')).progress).toBe(0);
  });
});

describe('push missions', () => {
  it('complete when the player opens a notification, and pay once under 30 racing claims', async () => {
    const p = await registerPlayer(store.app);
    const sub = browserSubscription();
    await subscribe(p, sub.json);
    const early = await claim(p, 'push');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('mission_not_done');

    // The service worker reports the click with the token the notification carried.
    const token = ((await listSandboxPushes(db(), [sub.json.endpoint]))[0]!.payload as { token: string }).token;
    expect((await api(store.app, 'POST', '/api/v1/push/opened', { body: { token } })).body.data).toEqual({ status: true });
    expect((await api(store.app, 'POST', '/api/v1/push/opened', { body: { token: 'A'.repeat(24) } })).body.data).toEqual({ status: false });
    expect(await mission(p, 'push', 'en')).toMatchObject({ progress: 3, status: true, claimed: false, msg: 'Mission complete: collect your reward' });

    const answers = await Promise.all(Array.from({ length: 30 }, () => claim(p, 'push')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'mission_claimed')).toBe(true);
    const paid = answers.find((a) => a.status === 200)!.body.data;
    expect(paid).toMatchObject({ status: true, prize: toUnits(PUSH_MISSIONS.push.prize), balance: toUnits(PUSH_MISSIONS.push.prize) });
    expect(paid.msg).toContain('зачислена');
    expect((await me(p)).balance).toBe(toUnits(PUSH_MISSIONS.push.prize));
    expect(await countRows(db(), sql`select count(*) as n from ledger where user_id = ${p.userId} and reason = 'mission_push'`)).toBe(1);
    expect(await mission(p, 'push')).toMatchObject({ status: true, claimed: true, msg: 'Награда за задание получена' });
    expect(await ledgerMismatches(db())).toEqual([]);
  });
});

describe('the Web Push adapter', () => {
  const vapid = webpush.generateVAPIDKeys();

  async function standIn(status: number) {
    const seen: { headers: IncomingMessage['headers']; body: Buffer; method?: string; url?: string }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: Buffer.concat(chunks), method: req.method, url: req.url });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { seen, host, close: () => new Promise((r) => server.close(r)) };
  }

  /** RFC 8291: what the player's browser does with the body, with its private key and auth secret. */
  function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
    const salt = body.subarray(0, 16);
    const idlen = body[20]!;
    const asPublic = body.subarray(21, 21 + idlen);
    const cipher = body.subarray(21 + idlen);
    const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
    const prkKey = hmac(authSecret, ua.computeSecret(asPublic));
    const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic, Buffer.from([1])]));
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const d = createDecipheriv('aes-128-gcm', cek, nonce);
    d.setAuthTag(cipher.subarray(cipher.length - 16));
    const plain = Buffer.concat([d.update(cipher.subarray(0, cipher.length - 16)), d.final()]);
    // The last record ends with the delimiter 2 and optional zero padding.
    return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
  }

  it('signs with VAPID and encrypts aes128gcm so that only the browser reads the notification', async () => {
    const service = await standIn(201);
    try {
      const sender = new WebPushSender({ publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:support@store.example', extraHosts: [service.host] });
      const sub = browserSubscription(`http://${service.host}/push/abc`);
      const payload = { title: 'Notification check', body: 'Delivery works', url: '/en', token: 'T'.repeat(24), tag: 'store-test' };
      expect(await sender.send(sub.json, payload)).toBe('accepted');
      const [req] = service.seen;
      expect(req).toMatchObject({ method: 'POST', url: '/push/abc' });
      expect(req!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', 'content-type': 'application/octet-stream', ttl: '86400', urgency: 'normal' });

      // Authorization: vapid t=<JWT signed ES256 by our private key>, k=<our public key>.
      const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(String(req!.headers.authorization));
      expect(m).not.toBeNull();
      const [, h, claims, sig, k] = m!;
      expect(k).toBe(vapid.publicKey);
      const point = Buffer.from(vapid.publicKey, 'base64url');
      const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
      expect(verify('sha256', Buffer.from(`${h}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig!, 'base64url'))).toBe(true);
      expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
      const jwt = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
      expect(jwt).toMatchObject({ aud: `http://${service.host}`, sub: 'mailto:support@store.example' });
      expect(jwt.exp * 1000).toBeGreaterThan(Date.now());
      expect(jwt.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);

      // The body: 16-byte salt, record size 4096, the server's 65-byte key, then the sealed payload.
      expect(req!.body.readUInt32BE(16)).toBe(4096);
      expect(req!.body[20]).toBe(65);
      expect(Number(req!.headers['content-length'])).toBe(req!.body.length);
      expect(JSON.parse(decrypt(req!.body, sub.ecdh, sub.auth))).toEqual(payload);
    } finally {
      await service.close();
    }
  });

  it('reports a browser that unsubscribed as gone and refuses addresses that are not push services', async () => {
    const service = await standIn(410);
    try {
      const sender = new WebPushSender({ publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'https://store.example', extraHosts: [service.host] });
      const payload = { title: 't', body: 'b', url: '/', token: 'T'.repeat(24), tag: 'x' };
      expect(await sender.send(browserSubscription(`http://${service.host}/gone`).json, payload)).toBe('gone');
      expect(sender.accepts('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
      expect(sender.accepts('https://db7.wns2.notify.windows.com/w/?token=x')).toBe(true);
      expect(sender.accepts('https://169.254.169.254/latest/meta-data')).toBe(false);
      expect(sender.accepts('https://evil.example/fcm.googleapis.com')).toBe(false);
      expect(await sender.send(browserSubscription('https://evil.example/x').json, payload)).toBe('refused');
    } finally {
      await service.close();
    }
  });

  it('is what PUSH_PROVIDER=webpush runs, and refuses to start without the VAPID keys', async () => {
    const env = parseEnv({ PUSH_PROVIDER: 'webpush' });
    expect(() => prepareDeployment(env, '/tmp')).toThrow(StartRefused);
    expect(() => prepareDeployment(env, '/tmp')).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT/);
    const configured = parseEnv({ PUSH_PROVIDER: 'webpush', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@store.example' });
    expect(sandboxesInUse(configured)).not.toContain('push');
    expect(sandboxesInUse(parseEnv({}))).toContain('push');

    const real = await createTestStore({ PUSH_PROVIDER: 'webpush', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@store.example' });
    try {
      expect((await api(real.app, 'GET', '/api/v1/push/key')).body.data.public_key).toBe(vapid.publicKey);
      const p = await registerPlayer(real.app);
      const res = await api(real.app, 'POST', '/api/v1/push/subscriptions', { token: p.token, body: { subscription: browserSubscription('https://push.example.net/abc').json } });
      expect(res.body.code).toBe('push_service_unknown');
      expect(await real.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.userId))).toEqual([]);
    } finally {
      await real.close();
    }
  });
});
