import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Restoring the embedded database from a backup (decision 039). The backup itself is the running
 * database's `dumpDataDir`, taken between transactions on its thread (`Database.backup`). A
 * restore needs the store stopped: the backup is loaded into a new folder first, and only a
 * folder PGlite opened and answered from replaces the current one, which is kept beside it.
 */
export async function restoreDataFolder(pgliteDir: string, file: string, now = new Date()): Promise<{ kept: string | null }> {
  const tar = readFileSync(file);
  // A gzipped tar starts with 1f 8b: anything else is not a backup this command made.
  if (tar[0] !== 0x1f || tar[1] !== 0x8b) throw new Error(`${file} is not a backup of the store (not a gzipped tar)`);
  const next = `${pgliteDir}.restoring`;
  rmSync(next, { recursive: true, force: true });
  const db = await PGlite.create(next, { loadDataDir: new Blob([tar]) });
  try {
    await db.query('select 1');
  } finally {
    await db.close();
  }
  const kept = existsSync(pgliteDir) ? `${pgliteDir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : null;
  if (kept) renameSync(pgliteDir, kept);
  renameSync(next, pgliteDir);
  return { kept: kept && path.basename(kept) };
}
