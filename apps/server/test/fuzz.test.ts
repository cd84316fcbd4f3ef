import { LIVE_DROPS_CHANNEL } from '@store/shared/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import { SITE_CURRENCY } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import { WS_LIMITS } from '@store/shared/api/realtime';
import { isErrorCode } from '@store/shared/errors';
import { api, catalogueByPrice, countRows, fundedPlayer, giveItems, ledgerMismatches, type Player } from './helpers/factories.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';
import { waitFor } from './helpers/ws.ts';
import { casesFor, operationsOf, seededRandom, type FuzzCase, type Hints, type OpenApiDocument, type Operation } from './helpers/fuzz-cases.ts';
import { answerProblem, idempotencyProblem, refusalProblem, report, type Offence } from './helpers/fuzz-answers.ts';

/**
 * Malformed requests to every operation of the OpenAPI document, each sent with no token, a
 * bad token and a good one, then garbage on the websocket. Whatever arrives, the store answers
 * with a catalogue code in the envelope that the operation documents under that status, never a
 * 5xx, stays up, and no wallet leaves its ledger.
 * FUZZ_SEED picks other random values; a failure names its seed, so the same run can be repeated.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_104);

let store: TestStore;
let base: string;
let good: Player;
let other: Player;
let hints: Hints;
/** Hints for one path only, where a name means something else there (an offer's id, a promo code). */
let pathHints: Record<string, Hints>;
let cheapest: { key: string; price: number }[];
const connections = new Set<net.Socket>();

beforeAll(async () => {
  store = await createTestStore({ BATTLE_ROUND_MS: '30' });
  await store.app.listen({ port: 0, host: '127.0.0.1' });
  store.app.server.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  base = `127.0.0.1:${(store.app.server.address() as { port: number }).port}`;
  const db = store.database.db;
  good = await fundedPlayer(store.app, db, 50_000);
  other = await fundedPlayer(store.app, db, 50_000);
  // Real names carry the plausible requests past the lookups into the code that moves money.
  const battleCases = (await api(store.app, 'GET', '/api/battles/cases')).body.data.sections.flatMap((s: any) => s.cases);
  const slug = battleCases.sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0].slug;
  const battle = await api(store.app, 'POST', '/api/battles/battles', { token: other.token, body: { mode: '1v1', cases: [{ slug, count: 1 }] } });
  expect(battle.status, JSON.stringify(battle.body)).toBe(200);
  cheapest = (await catalogueByPrice(db)).slice(0, 7);
  const stake = cheapest.slice(4, 7).reduce((sum, i) => sum + i.price, 0);
  const targets = (await api(store.app, 'GET', '/api/v1/unique-items?per_page=100')).body.data;
  const target = targets.find((t: any) => Math.round(t.price * 100) >= stake * 2) ?? targets.at(-1);
  hints = {
    name: slug,
    slug,
    userId: good.userId,
    user_id: good.userId,
    userIds: `${good.userId},${other.userId}`,
    login: good.login,
    password: good.password,
    battle_ulid: battle.body.data.battle_ulid,
    seat: 2,
    target_item_id: target.id,
    country: 'RU',
    method_id: 101,
    amount: 500,
    promo_code: 'WELCOME10',
  };
  const offer = (await api(store.app, 'GET', '/api/v1/offers')).body.data[0];
  pathHints = {
    '/api/v1/payments/promo/info/guest/{code}': { code: 'WELCOME10' },
    '/api/v1/payments/promo/info/{code}': { code: 'WELCOME10' },
    '/api/v1/payments/promo/apply': { code: 'GIFT50' },
    '/api/v1/offers/user/{x}': { x: offer.name },
    '/api/v1/offers/{id}/buy': { id: offer.id },
  };
});
afterAll(async () => {
  // A connection the server left open is reported by its test; ending it here lets the store close.
  for (const socket of connections) socket.destroy();
  await store?.close();
});

/**
 * Fresh items in the good player's inventory before each operation, since the fuzzing of an
 * earlier one (sell all, say) may have spent them: the plausible requests then still reach the
 * code that moves them.
 */
async function restockItems() {
  const ids = (await giveItems(store.database.db, good.userId, cheapest.map((i) => ({ key: i.key })))).map((i) => i.id);
  Object.assign(hints, { id: ids[0], ids: ids.slice(1, 4), user_item_ids: ids.slice(4, 7) });
}

/** Sends one case over `inject` and returns what is wrong with the answer, if anything. */
async function send(c: FuzzCase, auth: string | null, op: Operation, authLabel: string): Promise<{ status: number; offence: Offence | null }> {
  const headers = { ...(auth ? { authorization: auth } : {}), ...c.headers };
  const res = await store.app.inject({ method: c.method as 'GET', url: c.url, headers, payload: c.payload });
  // A documented redirect is an answer too, but only to a page of this store or its own sandbox.
  const location = String(res.headers.location ?? '');
  const ownRedirect = op.redirects && [302, 303].includes(res.statusCode) && (/^\/(?!\/)/.test(location) || location.startsWith('http://localhost/'));
  // A refusal must also be one the document promises for this operation (decision 037), and a
  // handler that reads the Idempotency-Key must have the header declared.
  const problem = ownRedirect
    ? null
    : (answerProblem(res.statusCode, res.headers['content-type'] as string | undefined, res.body, op.envelope) ??
      refusalProblem(res.statusCode, res.body, op.refusals) ??
      idempotencyProblem(res.statusCode, res.body, op.idempotent));
  const request = { what: c.what, auth: authLabel, method: c.method, url: c.url, headers, payload: c.payload };
  return { status: res.statusCode, offence: problem ? { request, status: res.statusCode, body: res.body, problem } : null };
}

/** Signs the good player in again when a fuzzed revoke or logout ended its session; true when it had ended. */
async function keepGoodSession(): Promise<boolean> {
  const me = await store.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Bearer ${good.token}` } });
  if (me.statusCode !== 401) return false;
  const res = await api(store.app, 'POST', '/api/v1/auth/login', { body: { login: good.login, password: good.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  good.token = res.body.data.access_token;
  return true;
}

describe('every operation of the OpenAPI document', () => {
  // Thousands of requests: well within this on an idle machine, with room for a busy one.
  it('answers malformed requests without a 5xx, in the envelope, with a catalogue code', { timeout: 300_000 }, async () => {
    const docs = await store.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    const operations: Operation[] = operationsOf(docs.json() as OpenApiDocument);
    expect(operations.length).toBeGreaterThan(50);
    const rng = seededRandom(SEED);
    const sharedKey = `fuzz-${rng.token(12)}`;
    const offences: Offence[] = [];
    const thin: string[] = [];
    for (const op of operations) {
      await restockItems();
      const cases = casesFor(op, { hints: { ...hints, ...pathHints[op.path] }, rng, sharedKey });
      if (cases.length < 30) thin.push(`${op.method} ${op.path}: ${cases.length}`);
      // The first success of the good player tells whether this operation ends sessions; if it does, every success is followed by a new sign-in.
      let endsSessions: boolean | undefined;
      for (const c of cases) {
        const variants: [label: string, auth: string | null][] = c.ownAuth
          ? [['own Authorization', null]]
          : [
              ['no token', null],
              ['bad token', `Bearer ${rng.token()}`],
              ['good token', `Bearer ${good.token}`],
            ];
        // The three are different callers, so they go together; cases go one after another.
        const answers = await Promise.all(variants.map(([label, auth]) => send(c, auth, op, label)));
        for (const a of answers) if (a.offence) offences.push(a.offence);
        if (!c.ownAuth && answers[2]!.status < 300 && endsSessions !== false) endsSessions = (await keepGoodSession()) || Boolean(endsSessions);
      }
      await keepGoodSession();
    }
    expect(thin, 'operations with fewer than 30 cases').toEqual([]);
    expect(offences.length, report('HTTP fuzz', SEED, offences)).toBe(0);
    // The plausible requests did reach the code that moves money (opens, sales, a battle), or the fuzz proves little.
    const moves = await countRows(store.database.db, sql`select count(*) as n from ledger where user_id = ${good.userId} and reason <> 'operator_grant'`);
    expect(moves).toBeGreaterThan(5);
  });
});

/** Bytes no HTTP client library would send: raw NUL and control bytes, Latin-1 headers, broken framing. */
const RAW_REQUESTS: [what: string, bytes: Buffer][] = [
  ['a raw NUL in the path', Buffer.from('GET /api/v1/cases/a\u0000b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1')],
  ['a raw control byte in the query', Buffer.from('GET /api/v1/unique-items?search=a\u0001b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1')],
  ['raw bytes 0xFF 0xFE in the path', Buffer.from('GET /api/v1/cases/\u00ff\u00fe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1')],
  ['%zz over the wire', Buffer.from('GET /api/v1/payments/promo/info/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')],
  [
    'Latin-1 bytes in X-Client-Language and Idempotency-Key',
    Buffer.from('POST /api/v1/inventory/sell/all HTTP/1.1\r\nHost: x\r\nX-Client-Language: \u00e9\u00ff\r\nIdempotency-Key: \u00ff\u00fe\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}', 'latin1'),
  ],
  ['a header over 16 KiB', Buffer.from(`GET /api/health HTTP/1.1\r\nHost: x\r\nIdempotency-Key: ${'k'.repeat(20_000)}\r\nConnection: close\r\n\r\n`)],
  ['a header name that is not a token', Buffer.from('GET /api/health HTTP/1.1\r\nHost: x\r\nX-\u00c6 : 1\r\nConnection: close\r\n\r\n', 'latin1')],
  ['a request line of garbage', Buffer.from('\u0000\u0001GARBAGE / \r\n\r\n', 'latin1')],
  ['a broken chunk size', Buffer.from('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n')],
  ['Content-Length and Transfer-Encoding together', Buffer.from('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n')],
  ['a declared body over 64 KiB', Buffer.from(`POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${70 * 1024}\r\nConnection: close\r\n\r\n{"login":"`)],
];

/**
 * Writes raw bytes to the listening server and reads its answer until the server closes the
 * connection (every request here asks it to), or until `ms` pass with the connection still open.
 */
function rawHttp(bytes: Buffer, ms = 3000): Promise<{ status: number; contentType?: string; body: string; closedByServer: boolean }> {
  const [host, port] = base.split(':');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), host, () => socket.write(bytes));
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseHttp(Buffer.concat(chunks)), closedByServer });
    };
    const timer = setTimeout(() => finish(false), ms);
    socket.on('data', (d) => {
      chunks.push(d);
      // An accepted upgrade is a websocket from here on; the caller speaks to it with a real client.
      if (Buffer.concat(chunks).toString('latin1').startsWith('HTTP/1.1 101 ')) finish(true);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

function parseHttp(raw: Buffer): { status: number; contentType?: string; body: string } {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  const head = text.slice(0, split < 0 ? text.length : split).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '')?.[1] ?? 0);
  const headers = Object.fromEntries(head.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  let body = split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ; ) {
      const eol = body.indexOf('\r\n', at);
      const size = eol < 0 ? 0 : parseInt(body.subarray(at, eol).toString(), 16);
      if (!size) break;
      parts.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 4 + size;
    }
    body = Buffer.concat(parts);
  }
  return { status, contentType: headers['content-type'], body: body.toString('utf8') };
}

describe('bytes on the wire', () => {
  it('answers requests Node can barely parse with the envelope, never a 5xx or silence', async () => {
    const offences: Offence[] = [];
    for (const [what, bytes] of RAW_REQUESTS) {
      const res = await rawHttp(bytes);
      const problem = !res.status
        ? 'no HTTP answer'
        : (answerProblem(res.status, res.contentType, res.body) ?? (res.closedByServer ? null : 'the connection stayed open after the answer'));
      const request = { what, auth: 'raw', method: '', url: bytes.toString('latin1').split('\r\n')[0]!.slice(0, 120), headers: {}, payload: bytes.length > 400 ? `${bytes.length} bytes` : bytes.toString('latin1') };
      if (problem) offences.push({ request, status: res.status, body: res.body, problem });
    }
    expect(offences.length, report('raw HTTP', SEED, offences)).toBe(0);
  });
});

/** A websocket that records every frame (a frame that is not JSON is kept as text) and how it closed. */
async function rawSocket(path = '/ws') {
  const ws = new WebSocket(`ws://${base}${path}`);
  const frames: unknown[] = [];
  let closed: number | null = null;
  ws.on('message', (data) => {
    try {
      frames.push(JSON.parse(String(data)));
    } catch {
      frames.push(`not JSON: ${String(data)}`);
    }
  });
  ws.on('close', (code) => (closed = code));
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames, closedWith: () => closed };
}

const isErrorFrame = (f: unknown): boolean => {
  const e = f as { op?: unknown; error?: unknown; message?: unknown };
  return e?.op === 'error' && isErrorCode(e.error) && typeof e.message === 'string' && e.message.trim() !== '';
};

describe('the websocket', () => {
  /** Frames that must each get an error frame or a closed socket, and never a subscription. */
  const garbage = (): [string, string | Buffer, boolean?][] => [
    ['null', 'null'],
    ['123', '123'],
    ['[]', '[]'],
    ['"x"', '"x"'],
    ['{}', '{}'],
    ['an empty frame', ''],
    ['invalid JSON', '{"op":'],
    ['1500 nested arrays', `${'['.repeat(1500)}${']'.repeat(1500)}`],
    ['subscribe without a channel', '{"op":"subscribe"}'],
    ['a numeric token', '{"op":"subscribe","channel":"user#1","token":123}'],
    ['an object channel', '{"op":"subscribe","channel":{}}'],
    ['a null channel', '{"op":"subscribe","channel":null}'],
    ['an array op', '{"op":["subscribe"],"channel":"x"}'],
    ['unsubscribe of an object', '{"op":"unsubscribe","channel":{}}'],
    ['an unknown op', '{"op":"publish","channel":"LiveDrops/CSDropItems","data":{}}'],
    ['PING in capitals', '{"op":"PING"}'],
    ['ping with an extra key', '{"op":"ping","x":1}'],
    ['a __proto__ key', '{"__proto__":{"op":"ping"},"op":"subscribe"}'],
    ['internal:sessions', '{"op":"subscribe","channel":"internal:sessions"}'],
    ['another internal channel', '{"op":"subscribe","channel":"internal:anything"}'],
    ['an unknown channel', '{"op":"subscribe","channel":"no-such-channel"}'],
    ['a near miss of the drops channel', `{"op":"subscribe","channel":"${LIVE_DROPS_CHANNEL}/"}`],
    ['a battle channel that is not a ULID', '{"op":"subscribe","channel":"battle#x"}'],
    ['user#0', '{"op":"subscribe","channel":"user#0","token":"x"}'],
    ['user#-1', '{"op":"subscribe","channel":"user#-1","token":"x"}'],
    ['user#1e3', '{"op":"subscribe","channel":"user#1e3","token":"x"}'],
    ['a user channel of 20 digits', '{"op":"subscribe","channel":"user#99999999999999999999","token":"x"}'],
    ['a channel with NUL', JSON.stringify({ op: 'subscribe', channel: `${LIVE_DROPS_CHANNEL}\u0000` })],
    ['a channel with a lone surrogate', JSON.stringify({ op: 'subscribe', channel: '\ud800' })],
    ['a channel of 101 characters', JSON.stringify({ op: 'subscribe', channel: 'c'.repeat(101) })],
    ['a token of 3000 characters', JSON.stringify({ op: 'subscribe', channel: `user#${good.userId}`, token: 't'.repeat(3000) })],
    ['a wrong token for the own channel', JSON.stringify({ op: 'subscribe', channel: `user#${good.userId}`, token: `${good.userId}.forged` })],
    ['no token for the own channel', JSON.stringify({ op: 'subscribe', channel: `user#${good.userId}` })],
    ['a binary frame of bytes', Buffer.from([0, 1, 2, 255]), true],
    ['a good frame sent as binary', Buffer.from(JSON.stringify({ op: 'subscribe', channel: LIVE_DROPS_CHANNEL })), true],
    ['invalid UTF-8 in a text frame', Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0xaf, 0x7d]), false],
  ];

  it('answers each garbage frame with an error frame or closes the socket, and never subscribes', async () => {
    const problems: string[] = [];
    for (const [what, frame, binary] of garbage()) {
      const s = await rawSocket();
      s.ws.send(frame, { binary: binary ?? false });
      // Frames are handled in order: what comes before the pong is the answer to the garbage.
      s.ws.send('{"op":"ping"}');
      try {
        await waitFor(() => s.closedWith() !== null || s.frames.some((f) => (f as { op?: string }).op === 'pong'));
      } catch {
        problems.push(`${what}: neither a pong nor a close within 5 s; got ${JSON.stringify(s.frames)}`);
      }
      const answer = s.frames.slice(0, Math.max(0, s.frames.findIndex((f) => (f as { op?: string }).op === 'pong'))) as unknown[];
      const answered = s.closedWith() !== null ? s.frames : answer;
      const bad = answered.filter((f) => !isErrorFrame(f) && (f as { op?: string }).op !== 'pong');
      if (bad.length) problems.push(`${what} (${JSON.stringify(String(frame).slice(0, 80))}): answered ${JSON.stringify(bad)}`);
      else if (s.closedWith() === null && !answer.some(isErrorFrame)) problems.push(`${what} (${JSON.stringify(String(frame).slice(0, 80))}): no error frame and the socket stayed open`);
      s.ws.close();
    }
    expect(problems, `websocket fuzz, FUZZ_SEED=${SEED}:\n${problems.join('\n')}`).toEqual([]);
  });

  it("refuses another player's private channel with the good player's own key", async () => {
    const key = (await api(store.app, 'GET', '/api/v1/users/centrifugo/token', { token: good.token })).body.data.centryfugo_key;
    const s = await rawSocket();
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: `user#${other.userId}`, token: key }));
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: `user#${good.userId}`, token: key }));
    await waitFor(() => s.frames.length === 2);
    expect(s.frames[0]).toMatchObject({ op: 'error', error: 'forbidden', channel: `user#${other.userId}` });
    expect(s.frames[1]).toEqual({ op: 'subscribed', channel: `user#${good.userId}` });
    s.ws.close();
  });

  it('closes a socket that sends a frame over the size limit', async () => {
    const s = await rawSocket();
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: LIVE_DROPS_CHANNEL, token: 'x'.repeat(WS_LIMITS.maxFrameBytes) }));
    await waitFor(() => s.closedWith() !== null);
    expect(s.frames.filter((f) => (f as { op?: string }).op === 'subscribed')).toEqual([]);
  });

  it('closes a socket that floods, answering only pongs and error frames before', async () => {
    const s = await rawSocket();
    for (let i = 0; i < 1000; i++) s.ws.send('{"op":"ping"}');
    await waitFor(() => s.closedWith() !== null);
    expect(s.frames.every((f) => (f as { op?: string }).op === 'pong' || isErrorFrame(f)), JSON.stringify(s.frames.slice(-3))).toBe(true);
    expect(s.frames.filter((f) => (f as { op?: string }).op === 'pong').length).toBeLessThanOrEqual(WS_LIMITS.framesPerWindow);
  });

  it('holds at most its limit of channels on one socket when asked for 100', async () => {
    const s = await rawSocket();
    const ulid = (i: number) => `01${String(i).padStart(24, '0')}`;
    for (let i = 0; i < 100; i++) s.ws.send(JSON.stringify({ op: 'subscribe', channel: `battle#${ulid(i)}` }));
    await waitFor(() => s.frames.length === 100 || s.closedWith() !== null);
    const subscribed = s.frames.filter((f) => (f as { op?: string }).op === 'subscribed');
    expect(subscribed.length).toBeLessThanOrEqual(WS_LIMITS.maxChannels);
    expect(s.frames.filter((f) => (f as { op?: string }).op !== 'subscribed').every(isErrorFrame), JSON.stringify(s.frames.slice(-3))).toBe(true);
    s.ws.close();
  });

  it('answers odd upgrade URLs without a 5xx and closes the ones it refuses; the hub still answers on its own', async () => {
    const problems: string[] = [];
    const hub = ['/ws?lang=%zz', '/ws?lang=%00', '/ws?lang=en&lang=ru', '/ws?lang[a]=en', `/ws?lang=${'e'.repeat(5000)}`];
    const elsewhere = ['/ws/%zz', '/ws%00', '/ws/x', '/api/v1/cases/%E0%A4%A', '/api/health'];
    for (const path of [...hub, ...elsewhere]) {
      const key = Buffer.from(path.padEnd(16, '.').slice(0, 16)).toString('base64');
      const upgrade = `GET ${path} HTTP/1.1\r\nHost: ${base}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\n\r\n`;
      const res = await rawHttp(Buffer.from(upgrade));
      const label = path.slice(0, 60);
      if (res.status !== 101) {
        // A refused upgrade that stays open holds a socket for ever, and stops the server from shutting down.
        const problem = !res.status ? 'no answer' : (answerProblem(res.status, res.contentType, res.body) ?? (res.closedByServer ? null : 'answered, but the connection stayed open'));
        if (problem) problems.push(`${label}: ${problem} (${res.status} ${res.body.slice(0, 200)})`);
        continue;
      }
      // Accepted: the hub answers a ping; any other route closes the socket it had to accept.
      const s = await rawSocket(path);
      s.ws.send('{"op":"ping"}');
      await waitFor(() => s.frames.length > 0 || s.closedWith() !== null).catch(() => undefined);
      const ponged = s.frames.some((f) => (f as { op?: string }).op === 'pong');
      if (hub.includes(path) && !ponged) problems.push(`${label}: opened, but no pong; got ${JSON.stringify(s.frames)}, closed ${s.closedWith()}`);
      if (!hub.includes(path) && (s.closedWith() === null || s.frames.length)) problems.push(`${label}: a socket outside the hub stayed open or spoke: ${JSON.stringify(s.frames)}`);
      s.ws.close();
    }
    expect(problems, `websocket upgrades, FUZZ_SEED=${SEED}:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe('after the fuzzing', () => {
  it('is alive, serves the live drops channel, and the good player’s wallet equals its ledger', async () => {
    const health = await fetch(`http://${base}/api/health`);
    expect(health.status).toBe(200);
    const s = await rawSocket();
    s.ws.send(JSON.stringify({ op: 'subscribe', channel: LIVE_DROPS_CHANNEL }));
    await waitFor(() => s.frames.length === 1);
    expect(s.frames[0]).toEqual({ op: 'subscribed', channel: LIVE_DROPS_CHANNEL });
    s.ws.close();

    const db = store.database.db;
    expect(await ledgerMismatches(db)).toEqual([]);
    const sum = await countRows(db, sql`select coalesce(sum(delta), 0) as n from ledger where user_id = ${good.userId} and currency = ${SITE_CURRENCY}`);
    const me = await api(store.app, 'GET', '/api/v1/users/me', { token: good.token });
    expect(me.body.data.finance.balance).toBe(toUnits(sum));
  });
});
