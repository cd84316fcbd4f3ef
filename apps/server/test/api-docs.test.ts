import { readFileSync } from 'node:fs';
import Fastify, { type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, okEnvelope } from '@store/shared/api/common';
import { errorCatalogue, type ErrorCode } from '@store/shared/errors';
import { runAdminCommand } from '../src/admin/commands.ts';
import type { Env } from '../src/config/env.ts';
import { registerApiDocument } from '../src/composition/api-document.ts';
import { API_EXAMPLE_OPERATIONS, API_EXAMPLES, type ApiExamples } from '../src/composition/api-examples.ts';
import { idempotencyKey } from '../src/modules/wallet/idempotency.ts';
import { api, cheapestCase, registerPlayer, type Player } from './helpers/factories.ts';
import { resolved } from './helpers/openapi.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

interface MediaType {
  schema: any;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in?: string; name?: string; $ref?: string }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, MediaType> }>;
}

let store: TestStore;
let doc: any;
const operations: { method: string; path: string; op: Operation }[] = [];
beforeAll(async () => {
  store = await createTestStore();
  // Built here first, so a route that breaks the document fails with the document's own message.
  store.app.swagger();
  doc = (await store.app.inject({ method: 'GET', url: '/api/docs' })).json();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
    for (const [method, op] of Object.entries(item)) operations.push({ method, path, op });
});
afterAll(() => store.close());

/** An operation's answer of a status, a shared one (`components.responses`) looked up. */
const answerOf = (op: Operation, status: number | string, from: unknown = doc) => resolved(from, op.responses[status]);
const errorCodes = (op: Operation, status: number, from: unknown = doc): string[] =>
  answerOf(op, status, from)?.content?.['application/json']?.schema.allOf?.[1].properties.code.enum ?? [];
const declaresIdempotencyKey = (op: Operation) => (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey');
const needsSignIn = (op: Operation) => op.security!.length > 0 && !op.security!.some((s) => Object.keys(s).length === 0);

describe('the API document', () => {
  it('names its servers, its security schemes and a described tag for every operation', () => {
    expect(doc.servers.length).toBeGreaterThan(0);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'tastyToken' });
    const described = new Map((doc.tags as { name: string; description: string }[]).map((t) => [t.name, t.description]));
    for (const { op } of operations) for (const tag of op.tags ?? []) expect(described.get(tag), tag).toBeTruthy();
  });

  it('gives every operation a summary, a unique operationId, tags, its security and its 4xx answers in the envelope', () => {
    expect(operations.length).toBeGreaterThan(150);
    const ids = new Set<string>();
    for (const { method, path, op } of operations) {
      const name = `${method} ${path}`;
      expect(op.summary, name).toBeTruthy();
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${name}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId!);
      expect(op.tags?.length, name).toBeGreaterThan(0);
      expect(Array.isArray(op.security), name).toBe(true);
      const refused = Object.keys(op.responses).filter((s) => /^4\d\d$/.test(s));
      expect(refused.length, name).toBeGreaterThan(0);
      for (const status of refused)
        expect(answerOf(op, status)!.content!['application/json']!.schema.allOf[0], `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      expect(errorCodes(op, 400), name).toContain('validation');
    }
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(expect.arrayContaining(['status', 'code', 'message']));
  });

  it('says which calls need a signed-in player or an operator, with the codes they are refused with', () => {
    const byId = new Map(operations.map((o) => [o.op.operationId, o.op]));
    const me = byId.get('getV1UsersMe')!;
    expect(me.security).toEqual([{ bearer: [] }, { session: [] }]);
    expect(errorCodes(me, 401)).toEqual(['authentication']);
    expect(errorCodes(me, 403)).toEqual(['account_blocked']);
    // A case is shown to anyone; the list of battles differs for a signed-in player.
    expect(byId.get('getV1CasesByName')!.security).toEqual([]);
    expect(byId.get('getV1Battles')!.security).toEqual([{ bearer: [] }, { session: [] }, {}]);
    // Operator routes: support may read players, only an administrator may change a balance, and
    // never their own nor an operator's of their role or above.
    expect(errorCodes(byId.get('getV1AdminPlayers')!, 403)).toEqual(['account_blocked', 'operator_only']);
    expect(errorCodes(byId.get('postV1AdminPlayersByIdBalance')!, 403)).toEqual(['account_blocked', 'operator_only', 'admin_only', 'operator_rank']);
    for (const { path, op } of operations.filter((o) => o.path.startsWith('/api/v1/admin/'))) {
      expect(needsSignIn(op), path).toBe(true);
      expect(errorCodes(op, 403), path).toContain('operator_only');
    }
    // A switchable feature and a limited call say so.
    expect(errorCodes(byId.get('postV1UpgradesUpgradeItems')!, 404)).toEqual(['feature_disabled', 'upgrade_target_outdated']);
    expect(errorCodes(byId.get('postV1AuthLogin')!, 429)).toEqual(['too_many_requests']);
  });

  it('matches what the store answers a guest: only a call that documents it asks to sign in, one that needs a player never succeeds', async () => {
    for (const { method, path, op } of operations) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await store.app.inject({ method: method.toUpperCase() as 'GET', url });
      const name = `${method} ${path} → ${res.statusCode} ${res.body.slice(0, 120)}`;
      if (needsSignIn(op)) {
        expect(res.statusCode < 200 || res.statusCode >= 300, name).toBe(true);
        if (res.statusCode === 401 || res.statusCode === 403)
          expect([...errorCodes(op, 401), ...errorCodes(op, 403)], name).toContain(res.json().code);
      } else {
        // Only one that names the player asks a guest to sign in (a wrong password is a 401 too, but no such request).
        if (res.statusCode === 401 && ['authentication', 'error_battle_authorize'].includes(res.json().code))
          expect(errorCodes(op, 401), name).toContain(res.json().code);
      }
      if (res.statusCode >= 400 && res.statusCode < 500) expect(errorEnvelope.safeParse(res.json()).success, name).toBe(true);
    }
  });

  it('serves a readable reference at /api/reference whose scripts the store lets run', async () => {
    const page = await store.app.inject({ method: 'GET', url: '/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'a script of our own origin').not.toMatch(/^(https?:)?\/\//);
      const script = await store.app.inject({ method: 'GET', url: new URL(src, 'http://store.local/api/reference/').pathname });
      expect(script.statusCode, src).toBe(200);
    }
    const spec = await store.app.inject({ method: 'GET', url: '/api/reference/json' });
    expect(spec.json().paths['/api/v1/users/me']).toBeDefined();
  });
});

interface TestRoute {
  url: string;
  summary?: string;
  hide?: boolean;
  errors?: ErrorCode[];
  body?: z.ZodType;
  data?: z.ZodType;
  handler?: (req: FastifyRequest) => unknown;
}

/** A document of a few routes only, built by the store's own `registerApiDocument`. */
async function documentOf(routes: TestRoute[], examples: ApiExamples = {}) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerApiDocument(app, { PUBLIC_URL: undefined, PROJECT: 'cs' } as Env, { examples });
  for (const r of routes)
    app.post(
      r.url,
      {
        config: { errors: r.errors },
        schema: { tags: ['platform'], summary: r.summary, hide: r.hide, ...(r.body ? { body: r.body } : {}), ...(r.data ? { response: { 200: okEnvelope(r.data) } } : {}) },
      },
      r.handler ?? (async () => ({ status: true, data: null })),
    );
  await app.ready();
  try {
    return app.swagger() as unknown as { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, any>> };
  } finally {
    await app.close();
  }
}

describe('what a route declares', () => {
  it('is the only summary an operation gets: the document refuses to build while one is missing', async () => {
    await expect(documentOf([{ url: '/api/v1/named', summary: 'Named' }, { url: '/api/v1/nameless' }])).rejects.toThrow(
      'POST /api/v1/nameless has no summary',
    );
    // A hidden route is no operation: it needs none.
    const built = await documentOf([{ url: '/api/v1/named', summary: 'Named' }, { url: '/api/v1/hidden', hide: true }]);
    expect(built.paths['/api/v1/named']!.post!.summary).toBe('Named');
    expect(built.paths['/api/v1/hidden']).toBeUndefined();
  });

  it('puts each declared code under its catalogue status, beside the codes every route answers', async () => {
    const built = await documentOf([{ url: '/api/v1/pay', summary: 'Pay', errors: ['balance_error', 'promo_expired', 'promo_not_found', 'validation'] }]);
    const op = built.paths['/api/v1/pay']!.post!;
    expect(errorCodes(op, 400, built)).toEqual(['validation']);
    expect(errorCodes(op, 402, built)).toEqual(['balance_error']);
    expect(errorCodes(op, 404, built)).toEqual(['promo_not_found']);
    expect(errorCodes(op, 410, built)).toEqual(['promo_expired']);
  });

  it('declares Idempotency-Key where the handler reads it, or where the route declares the refusal of a reused key', async () => {
    const built = await documentOf([
      { url: '/api/v1/reads-it', summary: 'Reads the key', handler: async (req) => ({ status: true, data: idempotencyKey(req)?.key ?? null }) },
      { url: '/api/v1/through-a-helper', summary: 'Reads it through a helper', errors: ['idempotency_key_reused'] },
      { url: '/api/v1/plain', summary: 'Reads no key' },
    ]);
    const op = (url: string) => built.paths[url]!.post!;
    expect(declaresIdempotencyKey(op('/api/v1/reads-it'))).toBe(true);
    expect(errorCodes(op('/api/v1/reads-it'), 422, built)).toEqual(['idempotency_key_reused']);
    expect(declaresIdempotencyKey(op('/api/v1/through-a-helper'))).toBe(true);
    expect(declaresIdempotencyKey(op('/api/v1/plain'))).toBe(false);
    expect(op('/api/v1/plain').responses['422']).toBeUndefined();
  });

  it('refuses to build while an example no longer matches the schemas its route validates and answers with', async () => {
    const body = z.object({ ids: z.array(z.number()) }).strict();
    const data = z.object({ sold: z.array(z.number()), balance: z.number() });
    const route: TestRoute = { url: '/api/v1/sell', summary: 'Sell', body, data };
    const answer = { status: true, data: { sold: [7], balance: 12.5 } };
    const examples = (example: unknown): ApiExamples => ({ cs: { postV1Sell: example as never } });
    const built = await documentOf([route], examples({ request: { ids: [7] }, response: answer }));
    const op = built.paths['/api/v1/sell']!.post!;
    expect(op.requestBody!.content['application/json']!.example).toEqual({ ids: [7] });
    expect(op.responses['200']!.content!['application/json']!.example).toEqual(answer);
    await expect(documentOf([route], examples({ request: { ids: [7] }, response: { status: true, data: { sold: [7], balance: '12.5' } } }))).rejects.toThrow(
      'the example of postV1Sell (cs) no longer matches',
    );
    await expect(documentOf([route], examples({ request: { ids: [7] }, response: { status: true, data: { ...answer.data, coins: 3 } } }))).rejects.toThrow(
      'fields its schema does not have: .data.coins',
    );
    await expect(documentOf([route], examples({ request: { id: 7 }, response: answer }))).rejects.toThrow('request:');
    // Another project's example is checked too, though only this project's is shown.
    await expect(documentOf([route], { cs: {}, dota: { postV1Sell: { response: { status: true, data: {} } } } })).rejects.toThrow('postV1Sell (dota)');
  });
});

describe('the shapes, answers and examples of the document', () => {
  const schemas = () => doc.components.schemas as Record<string, { description?: string; properties?: unknown }>;

  it('names the shared shapes once under components.schemas, each described, and refers to them', () => {
    for (const id of ['ErrorEnvelope', 'Paginator', 'Money', 'CatalogueItem', 'InventoryItem', 'CaseCard', 'CaseDetail', 'User', 'PublicUser', 'Battle', 'Leaderboard'])
      expect(schemas()[id], id).toBeDefined();
    const paths = JSON.stringify(doc.paths);
    const whole = JSON.stringify(doc);
    for (const [id, schema] of Object.entries(schemas())) {
      expect(schema.description, id).toBeTruthy();
      // Referred to from somewhere, and never written out again in full.
      expect(whole.includes(`"#/components/schemas/${id}"`), `${id} is referred to`).toBe(true);
      if (schema.properties) expect(paths.includes(JSON.stringify(schema.properties)), `${id} written out inline`).toBe(false);
    }
    const byId = new Map(operations.map((o) => [o.op.operationId, o.op]));
    const dataOf = (id: string) => byId.get(id)!.responses['200']!.content!['application/json']!.schema.properties.data;
    expect(dataOf('getV1CasesByName')).toEqual({ $ref: '#/components/schemas/CaseDetail' });
    expect(dataOf('getV1UsersMe')).toEqual({ $ref: '#/components/schemas/User' });
    expect(dataOf('getV1InventoryGet').$ref).toBe('#/components/schemas/InventoryPage');
  });

  it('says what each success answer carries', () => {
    for (const { method, path, op } of operations)
      for (const [status, answer] of Object.entries(op.responses).filter(([s]) => /^2/.test(s))) {
        const { description, content } = resolved(doc, answer);
        expect(description, `${method} ${path} ${status}`).not.toBe('Default Response');
        expect(description!.length, `${method} ${path} ${status}`).toBeGreaterThan(20);
        if (content?.['application/json']?.schema.properties?.data) expect(description, `${method} ${path}`).toContain('`data`');
      }
    const byId = new Map(operations.map((o) => [o.op.operationId, o.op]));
    expect(byId.get('getV1UsersMe')!.responses['200']!.description).toContain("`data` is a `User` (the signed-in player's own record");
    expect(byId.get('getV1EventCurrent')!.responses['200']!.description).toContain(', or null');
    expect(byId.get('getV2TopHistory')!.responses['200']!.description).toContain('`paginator`');
  });

  it('declares Idempotency-Key, with what a retry gets, on every call the store honours it on', () => {
    const header = doc.components.parameters.IdempotencyKey;
    expect(header).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 } });
    expect(header.description).toContain('answers what the first call answered');
    expect(header.description).toContain('`idempotency_key_reused`');
    const declared = operations.filter((o) => declaresIdempotencyKey(o.op)).map((o) => o.op.operationId!);
    // The calls that move money or items under the guard of wallet/idempotency.ts.
    expect(declared).toEqual(
      expect.arrayContaining([
        'postV1CasesByNameOpen',
        'postV1CasesFreeByIdOpen',
        'postV1InventorySell',
        'postV1InventorySellMany',
        'postV1InventorySellAll',
        'postV1UpgradesUpgradeItems',
        'postV1ContractsSign',
        'postBattlesBattles',
        'postBattlesJoin',
        'postBattlesSell',
        'postV1TechiesStart',
        'postV1PaymentsTransactionStart',
        'postV1PaymentsPromoApply',
        'postV1OffersByIdBuy',
        'postV1TriggersDailycasepay',
        'postV1AdminPlayersByIdBalance',
        'postV1AdminWithdrawalsByIdRetry',
      ]),
    );
    // Each such call may refuse a reused key, and only those; a read never takes one.
    for (const { method, path, op } of operations) {
      expect(errorCodes(op, 422).includes('idempotency_key_reused'), `${method} ${path}`).toBe(declaresIdempotencyKey(op));
      if (method === 'get') expect(declaresIdempotencyKey(op), `${method} ${path}`).toBe(false);
    }
  });

  it('carries an example of each call the README names, every project has one, and each is what its schemas allow', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('The API is described by the OpenAPI document');
    const paragraph = readme.slice(start, readme.indexOf('\n\n', start));
    const named = [...paragraph.matchAll(/`(GET|POST|PATCH|PUT|DELETE) (\/[^`\s]+)`/g)].map((m) => `${m[1]!.toLowerCase()} ${m[2]}`).sort();
    const exampled = operations.filter((o) => o.op.responses['200']?.content?.['application/json']?.example !== undefined);
    expect(named).toEqual(exampled.map((o) => `${o.method} ${o.path}`).sort());
    expect(exampled.map((o) => o.op.operationId).sort()).toEqual([...API_EXAMPLE_OPERATIONS].sort());
    const ids = new Set(operations.map((o) => o.op.operationId));
    for (const [project, examples] of Object.entries(API_EXAMPLES)) {
      for (const id of API_EXAMPLE_OPERATIONS) expect(examples[id], `${project} ${id}`).toBeDefined();
      for (const id of Object.keys(examples)) expect(ids.has(id), `${project} ${id} is an operation`).toBe(true);
    }
    for (const { path, op } of exampled) {
      // The store answered each with the envelope; the document was built, so each passed its route's zod schemas.
      expect(op.responses['200']!.content!['application/json']!.example, path).toMatchObject({ status: true });
      if (op.requestBody) expect(op.requestBody.content['application/json']!.example, `${path} request`).toBeDefined();
    }
  });
});

describe('the domain refusals of representative calls', () => {
  /** What the document promises for some of the calls integrators make most, each code under its status. */
  const PROMISED: Record<string, ErrorCode[]> = {
    postV1CasesByNameOpen: ['balance_error', 'case_level_locked', 'case_not_available', 'caseNotFound', 'fastOpen', 'daily_case_not_ready', 'idempotency_key_reused'],
    postV1UpgradesUpgradeItems: ['inventory', 'upgrade_target_not_selected', 'upgrade_target_outdated', 'upgrade_invalid_sum', 'upgrade_multiplier_too_high', 'invalidItem'],
    postV1ContractsSign: ['inventory', 'contract_items_count', 'contract_unavailable', 'invalidItem'],
    postBattlesBattles: ['error_max_rounds', 'error_too_many_rounds', 'battle_create_error', 'error_not_enough_funds_for_battle', 'case_not_available'],
    postBattlesJoin: ['battle_not_found', 'battle_full', 'battle_seat_taken', 'battle_already_joined', 'battle_started', 'error_not_enough_funds_for_battle'],
    postV1InventorySell: ['invalidItem', 'invalidUser', 'idempotency_key_reused'],
    postV1InventorySenditem: ['invalidItem', 'inWithdrawalProcess', 'steamUrlEmpty', 'steamLoginEmpty', 'tooManyWithdrawals', 'steamLogin'],
    postV1PaymentsPromoApply: ['promo_not_found', 'promo_expired', 'promo_exhausted', 'promo_user_limit'],
    postV1PaymentsTransactionStart: ['payment_country_invalid', 'payment_method_not_found', 'amount_too_low', 'amount_too_high', 'payment_fields_invalid', 'promo_not_found', 'payment_start_failed'],
    postV1AdminPlayersByIdBalance: ['amount_invalid', 'userNotFound', 'balance_error', 'coins_error'],
  };

  it('lists them under their catalogue statuses', () => {
    const byId = new Map(operations.map((o) => [o.op.operationId, o.op]));
    for (const [id, codes] of Object.entries(PROMISED)) {
      const op = byId.get(id);
      expect(op, id).toBeDefined();
      for (const code of codes) expect(errorCodes(op!, errorCatalogue[code].status), `${id} ${code}`).toContain(code);
    }
  });

  it("answers each such call's refusal with a code its operation documents, under the status it answers", async () => {
    const byPath = new Map(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.op]));
    const poor: Player = await registerPlayer(store.app);
    const admin = await registerPlayer(store.app);
    await runAdminCommand(store.database.db, { command: 'role', login: admin.login, role: 'admin', operator: 'test' });
    const cheap = await cheapestCase(store.app);
    const battleCase = (await api(store.app, 'GET', '/api/battles/cases')).body.data.sections.flatMap((s: any) => s.cases)[0].slug;
    const calls: { op: string; url: string; body?: unknown; token: string; expect: ErrorCode[] }[] = [
      // A new player has no money, so what costs money is refused for it.
      { op: 'POST /api/v1/cases/{name}/open', url: `/api/v1/cases/${cheap.slug}/open`, body: { multi_open: 1 }, token: poor.token, expect: ['balance_error', 'case_level_locked'] },
      { op: 'POST /api/v1/upgrades/upgrade-items', url: '/api/v1/upgrades/upgrade-items', body: { user_item_ids: [], target_item_id: 'x' }, token: poor.token, expect: ['inventory'] },
      { op: 'POST /api/v1/contracts/sign', url: '/api/v1/contracts/sign', body: { user_item_ids: [] }, token: poor.token, expect: ['inventory'] },
      {
        op: 'POST /api/battles/battles',
        url: '/api/battles/battles',
        body: { mode: '1v1', cases: [{ slug: battleCase, count: 1 }] },
        token: poor.token,
        expect: ['error_not_enough_funds_for_battle'],
      },
      { op: 'POST /api/battles/join', url: '/api/battles/join', body: { battle_ulid: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }, token: poor.token, expect: ['battle_not_found'] },
      { op: 'POST /api/v1/inventory/sell', url: '/api/v1/inventory/sell', body: { id: 2_000_000_000 }, token: poor.token, expect: ['invalidItem'] },
      // No trade link saved: a withdrawal by trade link is refused before any item is looked at.
      { op: 'POST /api/v1/inventory/senditem', url: '/api/v1/inventory/senditem', body: { ids: [2_000_000_000], method: 'trade' }, token: poor.token, expect: ['steamUrlEmpty'] },
      { op: 'POST /api/v1/payments/promo/apply', url: '/api/v1/payments/promo/apply', body: { code: 'NO-SUCH-CODE' }, token: poor.token, expect: ['promo_not_found'] },
      {
        op: 'POST /api/v1/payments/transaction/start',
        url: '/api/v1/payments/transaction/start',
        body: { country: 'RU', method_id: 999_999, amount: 500 },
        token: poor.token,
        expect: ['payment_method_not_found'],
      },
      {
        op: 'POST /api/v1/admin/players/{id}/balance',
        url: `/api/v1/admin/players/${poor.userId}/balance`,
        body: { amount: -5, reason: 'a debit below zero' },
        token: admin.token,
        expect: ['balance_error'],
      },
    ];
    for (const c of calls) {
      const op = byPath.get(c.op);
      expect(op, c.op).toBeDefined();
      const res = await api(store.app, 'POST', c.url, { token: c.token, body: c.body });
      const name = `${c.op} → ${res.status} ${JSON.stringify(res.body)}`;
      expect(c.expect, name).toContain(res.body.code);
      expect(errorCodes(op!, res.status), name).toContain(res.body.code);
    }
  });
});
