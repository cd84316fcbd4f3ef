import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@store/shared/api/common';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: any }> }>;
}

let store: TestStore;
let doc: any;
const operations: { method: string; path: string; op: Operation }[] = [];
beforeAll(async () => {
  store = await createTestStore();
  doc = (await store.app.inject({ method: 'GET', url: '/api/docs' })).json();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>))
    for (const [method, op] of Object.entries(item)) operations.push({ method, path, op });
});
afterAll(() => store.close());

const errorCodes = (op: Operation, status: number): string[] =>
  op.responses[status]?.content?.['application/json']?.schema.allOf?.[1].properties.code.enum ?? [];
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
        expect(op.responses[status]!.content!['application/json']!.schema.allOf[0], `${name} ${status}`).toEqual({
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
    // Operator routes: support may read players, only an administrator may change a balance.
    expect(errorCodes(byId.get('getV1AdminPlayers')!, 403)).toEqual(['account_blocked', 'operator_only']);
    expect(errorCodes(byId.get('postV1AdminPlayersByIdBalance')!, 403)).toEqual(['account_blocked', 'operator_only', 'admin_only']);
    for (const { path, op } of operations.filter((o) => o.path.startsWith('/api/v1/admin/'))) {
      expect(needsSignIn(op), path).toBe(true);
      expect(errorCodes(op, 403), path).toContain('operator_only');
    }
    // A switchable feature and a limited call say so.
    expect(errorCodes(byId.get('postV1UpgradesUpgradeItems')!, 404)).toEqual(['feature_disabled']);
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
