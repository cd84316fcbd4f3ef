import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/rows.ts';
import { ledgerExport } from '../src/modules/wallet/export-ledger.ts';
import { csvCell, csvChunks, type CsvExportSource } from '../src/platform/csv.ts';
import { api, registerPlayer, type Player } from './helpers/factories.ts';
import { consoleOperators } from './helpers/operators.ts';
import { createTestStore, type TestStore } from './helpers/test-app.ts';

/**
 * The console's CSV exports (decision 074): an admin downloads the players, ledger entries,
 * payments or withdrawals of a period, streamed a keyset page at a time, each cell quoted as a
 * spreadsheet reads it and never run as a formula, and every export lands in the audit.
 */
let store: TestStore;
let admin: Player;
let support: Player;
let player: Player;
const db = () => store.database.db;

// A period long past, so nothing the test store makes by itself falls into it.
const PERIOD = '?from=2026-03-01&to=2026-03-02';
const seeded: { id: number; login: string }[] = [];

beforeAll(async () => {
  store = await createTestStore();
  ({ admin, support } = await consoleOperators(store));
  player = await registerPlayer(store.app);
  // Three players registered in the period (one on its last second), one the day before, one the day after.
  const made = [
    ['export_a', '=HYPERLINK("http://evil.example","click")', '2026-03-01T00:00:00Z'],
    ['export_b', 'Doe, "Jim"', '2026-03-01T12:30:00Z'],
    ['export_c', 'two\nlines', '2026-03-02T23:59:59Z'],
    ['export_before', 'before', '2026-02-28T23:59:59Z'],
    ['export_after', 'after', '2026-03-03T00:00:00Z'],
  ];
  for (const [login, nickname, at] of made) {
    const [row] = await rows<{ id: number }>(db(), sql`insert into users (login, nickname, created_at) values (${login}, ${nickname}, ${at}::timestamptz) returning id`);
    seeded.push({ id: row!.id, login: login! });
  }
  const [a, b] = seeded;
  await db().execute(sql`insert into ledger (user_id, currency, delta, balance_after, reason, ref, created_at) values
    (${a!.id}, 'gold', 12345, 12345, 'deposit', 'ord_1', '2026-03-01T10:00:00Z'),
    (${a!.id}, 'gold', -2345, 10000, 'case_open', '-1 case, @odd ref', '2026-03-01T11:00:00Z'),
    (${b!.id}, 'gold', 500, 500, 'operator', 'outside', '2026-03-04T00:00:00Z')`);
  await db().execute(sql`insert into payment_orders (id, user_id, provider, provider_reference, status, country, method_id, pay_method, currency, amount_minor, site_amount_minor, bonus_inputs, created_at, settled_at) values
    ('ord_export_1', ${a!.id}, 'freekassa', '777', 'success', 'RU', 1, 'sbp', 'RUB', 100000, 12345, '{}'::jsonb, '2026-03-01T09:59:00Z', '2026-03-01T10:00:00Z'),
    ('ord_export_2', ${b!.id}, 'cryptomus', null, 'pending', 'RU', 2, 'crypto', 'USD', 500, 500, '{}'::jsonb, '2026-03-02T08:00:00Z', null),
    ('ord_export_3', ${b!.id}, 'cryptomus', null, 'fail', 'RU', 2, 'crypto', 'USD', 500, 500, '{}'::jsonb, '2026-03-05T08:00:00Z', null)`);
});
afterAll(() => store.close());

const download = (kind: string, query = PERIOD, who: Player | null = admin) =>
  store.app.inject({ method: 'GET', url: `/api/v1/admin/exports/${kind}${query}`, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
const lines = (body: string) => body.split('\r\n').slice(0, -1);

describe('CSV exports', () => {
  it('gives the players registered in the period, quoted, a formula never run', async () => {
    const res = await download('players');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="players-2026-03-01-2026-03-02.csv"');
    // Streamed: the length is not known before the last page.
    expect(res.headers['content-length']).toBeUndefined();
    const [a, b, c] = seeded;
    expect(res.body).toBe(
      'id,login,nickname,email,country,language,role,blocked_at,cases_opened,spent,registered_at\r\n' +
        `${a!.id},export_a,"'=HYPERLINK(""http://evil.example"",""click"")",,,ru,,,0,0,2026-03-01T00:00:00.000Z\r\n` +
        `${b!.id},export_b,"Doe, ""Jim""",,,ru,,,0,0,2026-03-01T12:30:00.000Z\r\n` +
        `${c!.id},export_c,"two\nlines",,,ru,,,0,0,2026-03-02T23:59:59.000Z\r\n`,
    );
  });

  it('gives the ledger entries and payments of the period in GOLD and currency units', async () => {
    const [a] = seeded;
    const ledger = lines((await download('ledger')).body);
    expect(ledger[0]).toBe('id,player_id,currency,delta,balance_after,reason,ref,at');
    expect(ledger.slice(1).map((l) => l.split(',').slice(1, 7).join(','))).toEqual([`${a!.id},gold,123.45,123.45,deposit,ord_1`, `${a!.id},gold,-23.45,100,case_open,"'-1 case`]);
    // A negative amount stays a number; the text that starts with a minus is defused.
    expect(ledger[2]).toContain(`,"'-1 case, @odd ref",`);

    const payments = lines((await download('payments')).body);
    expect(payments).toEqual([
      'order_id,player_id,provider,provider_reference,status,amount,currency,country,pay_method,site_amount,promo_code,created_at,settled_at',
      `ord_export_1,${a!.id},freekassa,777,success,1000,RUB,RU,sbp,123.45,,2026-03-01T09:59:00.000Z,2026-03-01T10:00:00.000Z`,
      `ord_export_2,${seeded[1]!.id},cryptomus,,pending,5,USD,RU,crypto,5,,2026-03-02T08:00:00.000Z,`,
    ]);

    const withdrawals = lines((await download('withdrawals')).body);
    expect(withdrawals).toEqual(['id,player_id,item_key,market_name,max_price,method,state,reason,vendor_order_id,requested_at,updated_at']);
  });

  it('writes who exported what, of which period, and how many rows into the audit', async () => {
    await download('payments', '?from=2026-03-01&to=2026-03-01');
    const audit = await api(store.app, 'GET', '/api/v1/admin/audit?target_kind=export&per_page=50', { token: admin.token });
    expect(audit.status).toBe(200);
    const latest = audit.body.data.items[0];
    expect(latest).toMatchObject({
      operator: { id: admin.userId, name: admin.login },
      action: 'exports.read',
      target: { kind: 'export', id: 'payments' },
      after: { from: '2026-03-01', to: '2026-03-01', rows: 1, complete: true },
    });
    const kinds = audit.body.data.items.map((e: { target: { id: string } }) => e.target.id);
    expect(kinds).toEqual(expect.arrayContaining(['players', 'ledger', 'payments', 'withdrawals']));
  });

  it('refuses a guest, a player and support, and a period that ends before it starts', async () => {
    expect((await download('players', PERIOD, null)).statusCode).toBe(401);
    const asPlayer = await download('players', PERIOD, player);
    expect([asPlayer.statusCode, asPlayer.json().code]).toEqual([403, 'operator_only']);
    const asSupport = await download('ledger', PERIOD, support);
    expect([asSupport.statusCode, asSupport.json().code]).toEqual([403, 'admin_only']);
    const backwards = await download('players', '?from=2026-03-02&to=2026-03-01');
    expect([backwards.statusCode, backwards.json().code]).toEqual([400, 'dashboard_period_invalid']);
    const unknown = await download('passwords');
    expect(unknown.statusCode).toBe(400);
    // No refused call left an export row.
    const audit = await api(store.app, 'GET', '/api/v1/admin/audit?target_kind=export&per_page=50', { token: admin.token });
    expect(audit.body.data.items.every((e: { operator: { id: number } }) => e.operator.id === admin.userId)).toBe(true);
  });

  it('streams a long period a keyset page at a time: the first rows go out before the later pages are read', async () => {
    const [, b] = seeded;
    await db().execute(sql`insert into ledger (user_id, currency, delta, balance_after, reason, ref, created_at)
      select ${b!.id}, 'gold', n, n, 'bulk', 'bulk_' || n, '2026-04-01T00:00:00Z'::timestamptz + n * interval '1 second' from generate_series(1, 1234) n`);
    const source = ledgerExport(db());
    const reads: number[] = [];
    const counted: CsvExportSource = { columns: source.columns, page: async (o) => { const p = await source.page(o); reads.push(p.cells.length); return p; } };
    let audited: { rows: number; complete: boolean } | null = null;
    const from = new Date('2026-04-01T00:00:00Z');
    const to = new Date('2026-04-02T00:00:00Z');
    const chunks = csvChunks(counted, { from, to, pageSize: 100, done: async (rows, complete) => void (audited = { rows, complete }) });
    const header = await chunks.next();
    const first = await chunks.next();
    expect(header.value).toBe('id,player_id,currency,delta,balance_after,reason,ref,at\r\n');
    expect(lines(first.value as string)).toHaveLength(100);
    expect(reads).toEqual([100]);
    let rest = 0;
    for await (const chunk of chunks) rest += lines(chunk).length;
    expect(rest).toBe(1134);
    expect(reads).toEqual([...Array(12).fill(100), 34]);
    expect(audited).toEqual({ rows: 1234, complete: true });

    // A reader that goes away after the first page is audited with what it took.
    const partial = csvChunks(counted, { from, to, pageSize: 100, done: async (rows, complete) => void (audited = { rows, complete }) });
    await partial.next();
    await partial.next();
    await partial.return(undefined);
    expect(audited).toEqual({ rows: 100, complete: false });

    const res = await download('ledger', '?from=2026-04-01&to=2026-04-01');
    expect(lines(res.body)).toHaveLength(1235);
  });

  it('quotes a cell as RFC 4180 and a spreadsheet need it', () => {
    expect(['plain', 'a,b', 'say "hi"', 'x\r\ny', '=1+2', '+7', '-cmd', '@SUM(A1)', '\tTAB', -5, 0, true, null].map(csvCell)).toEqual([
      'plain', '"a,b"', '"say ""hi"""', '"x\r\ny"', "'=1+2", "'+7", "'-cmd", "'@SUM(A1)", "'\tTAB", '-5', '0', 'true', '',
    ]);
  });
});
