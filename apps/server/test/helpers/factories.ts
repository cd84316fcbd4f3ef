import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { grantBalance } from '../../src/admin/grant-balance.ts';
import { checkLedger } from '../../src/modules/wallet/check-ledger.ts';

export interface ApiResult<T = any> {
  status: number;
  body: { status: boolean; data: T; code?: string; message?: string; params?: Record<string, unknown>; paginator?: { page: number; per_page: number; total: number; last_page: number } };
}

/** Calls the API as the web client would: JSON, language header, bearer token. */
export async function api<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  opts: { token?: string; body?: unknown; lang?: 'ru' | 'en'; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const res = await app.inject({
    method,
    url,
    headers: {
      'x-client-language': opts.lang ?? 'ru',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    payload: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.statusCode, body: res.json() };
}

export interface Player {
  userId: number;
  login: string;
  password: string;
  token: string;
}

export async function registerPlayer(app: FastifyInstance): Promise<Player> {
  const res = await api(app, 'POST', '/api/v1/auth/registration/quick', { body: {} });
  if (res.status !== 200) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
  const d = res.body.data;
  return { userId: d.user_id, login: d.login, password: d.password, token: d.access_token };
}

/** A player with `gold` GOLD on the wallet, credited the way an operator would. */
export async function fundedPlayer(app: FastifyInstance, db: Db, gold: number): Promise<Player> {
  const p = await registerPlayer(app);
  if (gold > 0) await grantBalance({ db, login: p.login, amount: gold, operator: 'test' });
  return p;
}

/** Wallets whose amount differs from the sum of their ledger rows: must always be empty (the wallet module's own check). */
export async function ledgerMismatches(db: Db) {
  return (await checkLedger(db)).mismatches;
}

export async function countRows(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const res = (await db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/** The cheapest openable case, so tests can afford many opens. */
export async function cheapestCase(app: FastifyInstance): Promise<{ slug: string; price: number; max: number }> {
  const res = await api(app, 'GET', '/api/v2/case/sections/with-cases');
  const cases = res.body.data.flatMap((s: any) => s.cases).filter(
    (c: any) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && !c.every_n_opens_free && c.statistic_data.opens_limit === null,
  );
  cases.sort((a: any, b: any) => a.price_data.price - b.price_data.price);
  const c = cases[0];
  return { slug: c.slug, price: c.price_data.price, max: c.max_multi_open };
}

/** Items in a player's inventory (`progress`), as if won from a case, at their catalogue price unless given. */
export async function giveItems(db: Db, userId: number, items: { key: string; price?: number }[]): Promise<{ id: number; key: string; price: number }[]> {
  const out: { id: number; key: string; price: number }[] = [];
  for (const i of items) {
    const res = (await db.execute(sql`
      insert into inventory_items (user_id, item_key, price, status, source, source_ref)
      select ${userId}, key, coalesce(${i.price ?? null}::bigint, price), 'progress', 'Case', 'test' from catalogue_items where key = ${i.key}
      returning id, item_key, price`)) as unknown as { rows: { id: number | string; item_key: string; price: number | string }[] };
    const row = res.rows[0];
    if (!row) throw new Error(`unknown catalogue item ${i.key}`);
    out.push({ id: Number(row.id), key: row.item_key, price: Number(row.price) });
  }
  return out;
}

/** Catalogue skins (key, price in minor units), cheapest first: packs and balance credits are not chosen. */
export async function catalogueByPrice(db: Db): Promise<{ key: string; price: number }[]> {
  const res = (await db.execute(sql`select key, price from catalogue_items where type = 0 order by price, key`)) as unknown as { rows: { key: string; price: number | string }[] };
  return res.rows.map((r) => ({ key: r.key, price: Number(r.price) }));
}

/** The catalogue item whose price is nearest `price` (minor units). */
export const nearestItem = (catalogue: readonly { key: string; price: number }[], price: number) =>
  catalogue.reduce((best, i) => (Math.abs(i.price - price) < Math.abs(best.price - price) ? i : best));
