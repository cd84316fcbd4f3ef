import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, type Database, type Executor } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { readSqlFunctions, sqlFunctionsFolder } from '../src/db/sql-functions.ts';
import { serverRoot } from '../src/platform/paths.ts';
import { freshDatabase } from './helpers/test-app.ts';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => fresh.database.db;

beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(async () => {
  await fresh.database.close();
  await fresh.drop();
});

const files = readSqlFunctions();

/** The text between a file's dollar quotes: what PostgreSQL keeps as the function's `prosrc`. */
const bodyOf = (text: string) => {
  const open = text.indexOf('$$');
  const close = text.lastIndexOf('$$');
  if (open < 0 || close <= open) throw new Error('no $$-quoted body');
  return text.slice(open + 2, close);
};

interface DbFunction {
  name: string;
  source: string;
  definition: string;
}

/** Every function of the public schema named store_…, with its source and full definition. */
const storeFunctions = (x: Executor) =>
  rows<DbFunction>(
    x,
    sql`select p.proname as name, p.prosrc as source, pg_get_functiondef(p.oid) as definition
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.proname like 'store\\_%'
         order by p.proname collate "C", p.oid`,
  );

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('each live SQL function has one file in sql/', () => {
  it('every function the server or another function calls by name, and every trigger function, has exactly one file defining it alone', () => {
    const called = new Set<string>();
    const texts = [...sourceFiles(path.join(serverRoot, 'src')).map((f) => readFileSync(f, 'utf8')), ...files.map((f) => bodyOf(f.text))];
    for (const text of texts) for (const m of text.matchAll(/\b(store_[a-z0-9_]+)\s*\(/g)) called.add(m[1]!);
    for (const f of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'))) {
      for (const m of readFileSync(path.join(migrationsFolder, f), 'utf8').matchAll(/EXECUTE FUNCTION (store_[a-z0-9_]+)/gi)) called.add(m[1]!);
    }
    // The scan finds the opening's walk and the trigger, or it finds nothing at all.
    expect([...called]).toEqual(expect.arrayContaining(['store_open_case', 'store_openable_case', 'store_roll_case', 'store_padded_ticket', 'store_event_coins']));

    const names = readdirSync(sqlFunctionsFolder).filter((f) => f.endsWith('.sql'));
    for (const name of called) expect(names.filter((f) => f === `${name}.sql`), `a file for ${name}`).toHaveLength(1);
    for (const f of files) {
      const defined = [...f.text.matchAll(/\bCREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+(\w+)/gi)].map((m) => [Boolean(m[1]), m[2]]);
      expect(defined, f.file).toEqual([[true, f.name]]);
    }
  });

  it('no migration after sql/ existed redefines a function an earlier migration created', () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const tags = journal.entries.map((e) => e.tag);
    // The functions' history ends here: later migrations may create a function once (a new
    // trigger needs its function), and its changes go to its file.
    const lastWithHistory = tags.indexOf('0023_free_item_locks');
    expect(lastWithHistory).toBeGreaterThan(0);
    const created = new Set<string>();
    tags.forEach((tag, i) => {
      const text = readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
      for (const m of text.matchAll(/\bCREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)/gi)) {
        if (i > lastWithHistory) expect(created.has(m[1]!), `${tag} redefines ${m[1]}: edit sql/${m[1]}.sql instead`).toBe(false);
        created.add(m[1]!);
      }
    });
  });
});

describe('the database runs the code of sql/', () => {
  it('each file is the one definition of its function, body and signature alike', async () => {
    const inDb = await storeFunctions(db());
    expect(inDb.map((f) => f.name)).toEqual(files.map((f) => f.name).sort());
    for (const f of files) {
      const [fn] = inDb.filter((d) => d.name === f.name);
      expect(fn!.source, f.name).toBe(bodyOf(f.text));
    }
    // Applying the files again changes no definition (arguments, result, volatility included).
    const again = await db()
      .transaction(async (tx) => {
        for (const f of files) await tx.execute(sql.raw(f.text));
        const after = await storeFunctions(tx);
        throw Object.assign(new Error('roll back'), { after });
      })
      .catch((e: { after?: DbFunction[] }) => e.after);
    expect(again?.map((f) => f.definition)).toEqual(inDb.map((f) => f.definition));
  });

  it('a start puts back a function changed behind the store', async () => {
    const tamper = `CREATE OR REPLACE FUNCTION store_coins_from_ticket(p_ticket integer, p_min integer, p_max integer) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT 0 $$`;
    const file = files.find((f) => f.name === 'store_coins_from_ticket')!;
    let reopened: Database;
    let cleanup = async () => undefined as void;
    if (fresh.url) {
      await db().execute(sql.raw(tamper));
      expect((await storeFunctions(db())).find((f) => f.name === file.name)!.source).not.toBe(bodyOf(file.text));
      reopened = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'store-sql-'));
      const copy = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([readFileSync(inject('pgliteDump')!)]) });
      await copy.exec(tamper);
      await copy.close();
      reopened = await openDatabase({ dataDir: dir });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    try {
      expect((await storeFunctions(reopened.db)).find((f) => f.name === file.name)!.source).toBe(bodyOf(file.text));
    } finally {
      await reopened.close();
      await cleanup();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('processes starting together on one database apply the files one after the other', async () => {
    const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url!, poolSize: 1 })));
    await Promise.all(opened.map((d) => d.close()));
    expect((await storeFunctions(db())).map((f) => f.name)).toEqual(files.map((f) => f.name).sort());
  });
});
