import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runAdminCommand } from '../src/admin/commands.ts';
import { restoreDataFolder } from '../src/db/backup.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { countRows } from './helpers/factories.ts';

/**
 * Backups of the embedded database (decision 039): a backup taken while the store writes holds
 * every committed transaction and none half-done; a restore brings back exactly that, keeps the
 * folder it replaced, and refuses a file that is not a backup.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const probe = (d: Database) => d.db.execute(sql`select n from backup_probe order by n`).then((r) => (r as unknown as { rows: { n: number }[] }).rows.map((x) => x.n));

describe('backup and restore of the embedded database', () => {
  it('copies what was committed, waits out an open transaction, and restores exactly that', async () => {
    const dir = path.join(root, 'pglite');
    const file = path.join(root, 'store.tar.gz');
    let database = await openDatabase({ dataDir: dir });
    const migrations = await countRows(database.db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
    await database.db.execute(sql`create table backup_probe (n int primary key)`);
    await database.db.execute(sql`insert into backup_probe values (1)`);

    // A transaction open when the backup is asked for: the backup waits for its commit.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into backup_probe values (2)`);
      entered();
      await held;
    });
    await inside;
    const backup = runAdminCommand(database.db, { command: 'backup', out: file }, { backup: database.backup?.bind(database) });
    release();
    await tx;
    expect(await backup).toMatchObject({ file, bytes: expect.any(Number) });
    await database.db.execute(sql`insert into backup_probe values (3)`);
    await database.close();

    const { kept } = await restoreDataFolder(dir, file);
    expect(kept).toMatch(/^pglite\.before-restore-/);
    expect(readdirSync(root)).toContain(kept);
    database = await openDatabase({ dataDir: dir });
    expect(await probe(database)).toEqual([1, 2]);
    expect(await countRows(database.db, sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(migrations);
    await database.close();
  });

  it('refuses a file that is not a backup and leaves the data folder as it was', async () => {
    const dir = path.join(root, 'other');
    const database = await openDatabase({ dataDir: dir });
    await database.db.execute(sql`create table backup_probe (n int primary key)`);
    await database.db.execute(sql`insert into backup_probe values (7)`);
    await database.close();
    const bad = path.join(root, 'notes.txt');
    writeFileSync(bad, 'not a backup');
    await expect(restoreDataFolder(dir, bad)).rejects.toThrow('not a backup');
    const again = await openDatabase({ dataDir: dir });
    expect(await probe(again)).toEqual([7]);
    await again.close();
  });

  it('sends a server database to pg_dump', async () => {
    await expect(runAdminCommand(null as never, { command: 'backup', out: '/tmp/x.tar.gz' }, {})).rejects.toThrow('pg_dump');
  });
});
