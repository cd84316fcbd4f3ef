import path from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { dataDir, parseEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { seedCatalogue } from '../modules/cases/seed-catalogue.ts';
import { readRunningServer } from '../platform/server-file.ts';
import { AdminError } from './admin-error.ts';
import { adminCommand, runAdminCommand, type AdminCommand } from './commands.ts';

const USAGE = `Usage:
  npm run admin -- grant --login LOGIN --amount 1000 [--operator NAME]
  npm run admin -- make-admin --login LOGIN
  npm run admin -- cases`;

function parseCommand(argv: string[]): AdminCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { login: { type: 'string' }, amount: { type: 'string' }, operator: { type: 'string' } },
  });
  const [command] = positionals;
  const amount = values.amount === undefined ? undefined : Number(values.amount);
  const parsed = adminCommand.safeParse({ command, login: values.login, amount, operator: values.operator ?? os.userInfo().username });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'command';
    throw new AdminError(`${field === 'command' ? 'unknown command' : `missing or bad --${field}`}\n${USAGE}`);
  }
  return parsed.data;
}

/**
 * The operator command. On PostgreSQL it opens the database itself; on PGlite, where only the
 * running server may hold the data folder, it asks that server over loopback.
 */
async function main() {
  const cmd = parseCommand(process.argv.slice(2));
  const env = parseEnv();
  const dir = dataDir(env);
  const running = env.DATABASE_URL ? null : readRunningServer(dir);
  let result: unknown;
  if (running) {
    const res = await fetch(`http://127.0.0.1:${running.port}/internal/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': running.adminToken },
      body: JSON.stringify(cmd),
    });
    const body = (await res.json()) as { status: boolean; data?: unknown; message?: string };
    if (!body.status) throw new AdminError(body.message ?? `server answered ${res.status}`);
    result = body.data;
  } else {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(dir, 'pglite'), poolSize: 2 });
    try {
      await seedCatalogue(database.db, env.PROJECT);
      result = await runAdminCommand(database.db, cmd);
    } finally {
      await database.close();
    }
  }
  if (Array.isArray(result)) console.table(result);
  else console.log(JSON.stringify(result, null, 2));
}

main().catch((err) => {
  console.error(err instanceof AdminError ? `error: ${err.message}` : err);
  process.exit(1);
});
