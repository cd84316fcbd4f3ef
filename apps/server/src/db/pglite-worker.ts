/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL as WebAssembly, and each
 * statement occupies the thread that calls it; on the server's main thread every statement
 * stalled HTTP parsing, validation and rendering, and every request stalled the database. Here
 * the database works while the main thread serves, so the two cores of a small machine both do
 * useful work (see docs/decisions/010-pglite-thread-and-server-bundle.md).
 *
 * Requests run one at a time in arrival order, except that while a transaction is open only its
 * own requests run: PostgreSQL here has one session, and another request's statement must not
 * land inside someone else's transaction. The main side (pglite-thread.ts) is the only caller.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

export interface PgliteThreadInit {
  /** A data folder, or 'memory://'. */
  dataDir: string;
  /** A data folder dump (tar) to load into memory instead; tests start from a seeded copy. */
  dumpFile?: string;
  startParams: string[];
}

/** `tx` is 0 outside a transaction, else the id `begin` opened. */
export type PgliteRequest =
  | { id: number; op: 'query'; tx: number; sql: string; params: unknown[]; rowMode: 'array' | 'object' }
  | { id: number; op: 'exec'; tx: number; sql: string }
  | { id: number; op: 'begin' | 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close'; tx: 0 }
  | { id: number; op: 'dump'; tx: 0; file: string };

export type PgliteReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedDbError };

export interface SerializedDbError {
  name: string;
  message: string;
  [field: string]: unknown;
}

/** The fields of a PostgreSQL error that callers look at (code, constraint...); the rest stays here. */
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export function serializeError(err: unknown): SerializedDbError {
  const e = (err ?? {}) as Record<string, unknown>;
  const out: SerializedDbError = { name: typeof e.name === 'string' ? e.name : 'Error', message: typeof e.message === 'string' ? e.message : String(err) };
  for (const k of ERROR_FIELDS) if (e[k] !== undefined) out[k] = e[k];
  return out;
}

// Dates, times and intervals stay text, as Drizzle's PGlite driver asks of every query; Drizzle
// turns them into values itself.
const keepText = (v: string) => v;
const PARSERS = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, keepText]),
);

async function main(port: NonNullable<typeof parentPort>, init: PgliteThreadInit) {
  // The parsers are set once here: given per query, PGlite merges them into a copy of its whole
  // parser table for every statement, which cost a seventh of this thread's time under load.
  const options = { startParams: init.startParams, parsers: PARSERS };
  const db = init.dumpFile
    ? await PGlite.create({ loadDataDir: new Blob([readFileSync(init.dumpFile)]), ...options })
    : await PGlite.create(init.dataDir, options);

  const waiting: PgliteRequest[] = [];
  let openTx = 0;
  let running = false;

  const next = (): PgliteRequest | undefined => {
    if (!openTx) return waiting.shift();
    const i = waiting.findIndex((r) => r.tx === openTx);
    return i < 0 ? undefined : waiting.splice(i, 1)[0];
  };

  const run = async (r: PgliteRequest): Promise<unknown> => {
    // A statement of a transaction that already ended must not run outside it.
    if (r.tx !== 0 && r.op !== 'begin' && r.tx !== openTx) throw new Error('the transaction is closed');
    switch (r.op) {
      case 'query':
        return db.query(r.sql, r.params, { rowMode: r.rowMode });
      case 'exec':
        return db.exec(r.sql);
      case 'begin':
        await db.exec('BEGIN');
        openTx = r.tx;
        return null;
      case 'commit':
      case 'rollback': {
        openTx = 0;
        const [res] = await db.exec(r.op === 'commit' ? 'COMMIT' : 'ROLLBACK');
        // COMMIT of a transaction an error already aborted ends it with a rollback instead.
        if (r.op === 'commit' && res?.command === 'ROLLBACK') throw new Error('the transaction was rolled back');
        return null;
      }
      case 'close':
        await db.close();
        return null;
      case 'dump': {
        // Queued like a statement outside any transaction, so it runs between transactions and
        // the copy holds only committed work. Written aside first: a half-written file is never
        // taken for a backup.
        const blob = await db.dumpDataDir('gzip');
        const bytes = Buffer.from(await blob.arrayBuffer());
        writeFileSync(`${r.file}.part`, bytes);
        renameSync(`${r.file}.part`, r.file);
        return { bytes: bytes.length };
      }
    }
  };

  const pump = async () => {
    if (running) return;
    running = true;
    for (let r = next(); r; r = next()) {
      try {
        port.postMessage({ id: r.id, ok: true, result: await run(r) } satisfies PgliteReply);
      } catch (err) {
        port.postMessage({ id: r.id, ok: false, error: serializeError(err) } satisfies PgliteReply);
      }
      if (r.op === 'close') {
        port.close();
        return;
      }
    }
    running = false;
  };

  port.on('message', (r: PgliteRequest) => {
    waiting.push(r);
    void pump();
  });
  port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies PgliteReply);
}

if (parentPort) {
  const port = parentPort;
  main(port, workerData as PgliteThreadInit).catch((err: unknown) => port.postMessage({ id: 0, ok: false, error: serializeError(err) } satisfies PgliteReply));
}
