import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { dataDir, parseEnv, redisPrefix } from '../config/env.ts';
import { readRunningServer } from '../platform/server-file.ts';
import { AdminError } from './admin-error.ts';
import { adminCommand, type AdminCommand } from './commands.ts';
// Nothing else at the top: what a command needs to run on the database itself (the driver, PGlite,
// the catalogue, the push service, Redis) is imported where that happens, so a command sent to the
// running store over loopback starts in a third of the time (README).

const USAGE = `Usage:
  npm run admin -- grant --login LOGIN --amount 1000 [--reason TEXT] [--operator NAME]   (audited like the console's balance adjustment)
  npm run admin -- make-admin --login LOGIN   (the admin role; refused while the account is blocked: unblock it first)
  npm run admin -- role --login LOGIN --role admin|support|none   (the operator console's rights; decision 029; never the last acting admin's)
  npm run admin -- block --login LOGIN --reason TEXT   (any account, operators too; never the last acting admin; audited)
  npm run admin -- unblock --login LOGIN [--reason TEXT]   (any account, a blocked admin too; audited)
  npm run admin -- cases
  npm run admin -- promo create --code CODE --kind common --percent 15 [--starts ISO] [--expires ISO] [--total N] [--per-player N]
  npm run admin -- promo create --code CODE --kind instant --sum 50 [...]   (GOLD credited on apply)
  npm run admin -- promo create --code CODE --kind case --case SLUG [--days 7] [...]   (a free opening on apply)
  npm run admin -- promo create --code CODE --kind blogger --offers '[{"case":{"img":"","name":"Case","price":50},"tcoinFactor":15,"priceFrom":100,"moneyFactor":110}]' [...]
  npm run admin -- free-case --login LOGIN --case SLUG [--days 7] [--reason TEXT]   (one free opening of a case; audited)
  npm run admin -- notifications [--login LOGIN]   (what the sandbox notification service delivered)
  npm run admin -- mail [--to ADDRESS]   (every letter recorded and how it went; what the sandbox delivered)
  npm run admin -- push [--login LOGIN]   (the notifications the sandbox push service delivered)
  npm run admin -- push send --login LOGIN   (a test notification to every browser the player opted in with)
  npm run admin -- clock --advance-hours 25   (only a store started with TEST_CLOCK=1)
  npm run admin -- jobs pause|resume [--consumer leaderboards]   (the running store's background jobs, or one activity consumer)
  npm run admin -- top create --type spent|won|cases_opened|battles_won|upgrade_wins --hours 168 [--prizes 10] [--title T] [--order N]
  npm run admin -- top list   (boards, players on them, prizes paid)
  npm run admin -- top end --id N   (end a board now; the close job pays its prizes)
  npm run admin -- event create --file season.json [--operator NAME]   (an event: pass levels, tasks, raffle; the console's document; decisions 017, 035)
  npm run admin -- event list   (events, players, claims, raffle drawn and granted)
  npm run admin -- backup --out FILE.tar.gz   (the embedded database, consistent, while the store runs; decision 039)
  npm run admin -- restore --from FILE.tar.gz   (with the store stopped; the replaced data folder is kept)
  npm run admin -- event end --slug SLUG [--operator NAME]   (end an event now; the close job draws its raffle; audited)
  npm run admin -- give-item --login LOGIN --item KEY [--count N] [--reason TEXT]   (catalogue items into a player's inventory; audited)
  npm run admin -- withdrawal list [--state support]   (withdrawals in a state; support is the operators' queue)
  npm run admin -- withdrawal settle --id N --outcome delivered|returned   (after checking the marketplace)
  npm run admin -- flags   (each feature flag, its value and whether an operator set it)
  npm run admin -- flags set --name techies --value on|off   (every running process within a second)
  npm run admin -- flags reset --name techies   (back to the configured value)
  npm run admin -- techwork on|off|status   (the tech-work page replaces the site while on)
  npm run admin -- simulate upgrades|contracts|techies [--n 100000] [--seed N]
  npm run admin -- doctor [--offline]   (this environment checked before go-live: what blocks a production start, the providers reachable, the callback addresses)
  npm run admin -- check   (the database at DATABASE_URL, or a stopped store's data folder, judged as it is: migrations, wallets against their ledger; a restored backup's test)`;

/** An event file is read here, so a store on PGlite gets its content over loopback. */
function readDefinition(file: string): string {
  try {
    return readFileSync(path.resolve(file), 'utf8');
  } catch {
    throw new AdminError(`cannot read ${file}`);
  }
}

function parseCommand(argv: string[]): AdminCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      login: { type: 'string' },
      amount: { type: 'string' },
      operator: { type: 'string' },
      code: { type: 'string' },
      kind: { type: 'string' },
      percent: { type: 'string' },
      sum: { type: 'string' },
      offers: { type: 'string' },
      starts: { type: 'string' },
      expires: { type: 'string' },
      total: { type: 'string' },
      'per-player': { type: 'string' },
      case: { type: 'string' },
      days: { type: 'string' },
      'advance-hours': { type: 'string' },
      consumer: { type: 'string' },
      type: { type: 'string' },
      hours: { type: 'string' },
      prizes: { type: 'string' },
      title: { type: 'string' },
      order: { type: 'string' },
      id: { type: 'string' },
      file: { type: 'string' },
      out: { type: 'string' },
      slug: { type: 'string' },
      item: { type: 'string' },
      count: { type: 'string' },
      state: { type: 'string' },
      outcome: { type: 'string' },
      to: { type: 'string' },
      name: { type: 'string' },
      value: { type: 'string' },
      role: { type: 'string' },
      reason: { type: 'string' },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const operator = values.operator ?? os.userInfo().username;
  const [command, sub] = positionals;
  const input =
    command === 'promo'
      ? {
          command: sub === 'create' ? 'promo-create' : `promo ${sub ?? ''}`,
          code: values.code,
          kind: values.kind,
          percent: num(values.percent),
          sum: num(values.sum),
          offers: values.offers,
          starts: values.starts,
          expires: values.expires,
          total: num(values.total),
          perPlayer: num(values['per-player']),
          case: values.case,
          days: num(values.days),
          operator,
        }
      : command === 'top'
        ? { command: `top-${sub ?? ''}`, type: values.type, hours: num(values.hours), prizes: num(values.prizes), title: values.title, order: num(values.order), id: num(values.id) }
      : command === 'event'
        ? { command: `event-${sub ?? ''}`, definition: values.file === undefined ? undefined : readDefinition(values.file), slug: values.slug, operator }
      : command === 'give-item'
        ? { command, login: values.login, item: values.item, count: num(values.count), reason: values.reason, operator }
      : command === 'withdrawal'
        ? { command: `withdrawal-${sub ?? ''}`, state: values.state, id: num(values.id), outcome: values.outcome, operator }
      : command === 'jobs'
        ? { command, action: sub, consumer: values.consumer }
      : command === 'flags'
        ? { command: sub === undefined ? 'flags-list' : `flags-${sub}`, name: values.name, value: values.value, operator }
      : command === 'techwork'
        ? { command, action: sub ?? 'status', operator }
        : command === 'free-case'
        ? { command, login: values.login, case: values.case, days: num(values.days), reason: values.reason, operator }
        : command === 'clock'
          ? { command, advanceHours: num(values['advance-hours']) }
        : command === 'mail'
          ? { command, to: values.to }
        : command === 'push'
          ? { command: sub === 'send' ? 'push-send' : sub === undefined ? 'push-list' : `push ${sub}`, login: values.login }
          : command === 'backup'
            ? { command, out: values.out === undefined ? undefined : path.resolve(values.out) }
          : command === 'role'
            ? { command, login: values.login, role: values.role, operator }
          : command === 'block' || command === 'unblock'
            ? { command, login: values.login, reason: values.reason, operator }
          : { command, login: values.login, amount: num(values.amount), reason: values.reason, operator };
  const parsed = adminCommand.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'command';
    if (field === 'command') throw new AdminError(`unknown command\n${USAGE}`);
    const flag = field === 'perPlayer' ? 'per-player' : field === 'advanceHours' ? 'advance-hours' : field === 'definition' ? 'file' : field;
    throw new AdminError(`missing or bad --${flag}${issue ? ` (${issue.message})` : ''}\n${USAGE}`);
  }
  return parsed.data;
}

/** `simulate` needs no database: it plays the games' pure rules over the committed catalogue. */
async function runSimulation(argv: string[]) {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { n: { type: 'string' }, seed: { type: 'string' } } });
  const game = positionals[0];
  const n = Number(values.n ?? 100_000);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if ((game !== 'upgrades' && game !== 'contracts' && game !== 'techies') || !Number.isInteger(n) || n < 1 || n > 10_000_000 || (seed !== undefined && !Number.isInteger(seed))) {
    throw new AdminError(`usage: simulate upgrades|contracts|techies [--n 100000] [--seed N]\n${USAGE}`);
  }
  const [{ readCatalogueFile }, { simulate }, { projects }] = await Promise.all([import('../modules/catalogue/seed-catalogue.ts'), import('./simulate.ts'), import('../config/projects.ts')]);
  const env = parseEnv();
  const catalogue = readCatalogueFile(env.PROJECT)
    .file.items.map((i) => ({ key: i.key, price: i.price }))
    .sort((a, b) => a.price - b.price);
  const report = simulate({ game, n, catalogue, project: projects[env.PROJECT], seed });
  console.log(JSON.stringify(report, null, 2));
  const verdict = Math.abs(report.difference_pp) <= 1 ? 'within' : 'OUTSIDE';
  console.log(`${game}: observed RTP ${(report.observed_rtp * 100).toFixed(2)} % vs configured ${(report.configured_rtp * 100).toFixed(2)} % (${verdict} 1 pp; standard error ${(report.standard_error * 100).toFixed(2)} pp)`);
}

/** `doctor`: reads only the environment and asks the providers; exits 1 when anything blocks a production start. */
async function runDoctorCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { offline: { type: 'boolean' } } });
  const offline = values.offline ?? false;
  const { formatDoctorReport, runDoctor } = await import('./doctor.ts');
  const report = await runDoctor({ source: process.env, offline });
  console.log(formatDoctorReport(report, offline));
  if (report.blocked) process.exitCode = 1;
}

/**
 * `restore --from FILE`: the embedded database from a backup, with the store stopped (decision
 * 039); the data folder it replaces is kept beside it. A server database restores its base backup and WAL (decision 084).
 */
async function runRestore(args: string[]) {
  const { values } = parseArgs({ args, options: { from: { type: 'string' } } });
  if (!values.from) throw new AdminError(`usage: restore --from FILE\n${USAGE}`);
  const env = parseEnv();
  if (env.DATABASE_URL) throw new AdminError('the store runs on a PostgreSQL server: restore its base backup and archived WAL, rehearsed by scripts/pg-restore-drill.mjs (docs/operations.md, "Backups on PostgreSQL")');
  const dir = dataDir(env);
  if (readRunningServer(dir)) throw new AdminError(`a store is running on the data folder ${dir}: stop it first`);
  const [{ restoreDataFolder }, { openDatabase }] = await Promise.all([import('../db/backup.ts'), import('../db/client.ts')]);
  const { kept } = await restoreDataFolder(path.join(dir, 'pglite'), path.resolve(values.from));
  // Opening it applies any migration newer than the backup.
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite'), poolSize: 1 });
  await database.close();
  console.log(JSON.stringify({ restored: path.resolve(values.from), kept }, null, 2));
}

/**
 * `check`: the store's own soundness checks on its database, which it opens as it is (no migration,
 * no seed), so a restored backup is judged for what it holds; exits 1 when one fails.
 */
async function runCheck() {
  const env = parseEnv();
  const dir = dataDir(env);
  if (!env.DATABASE_URL && readRunningServer(dir)) throw new AdminError(`a store is running on the data folder ${dir}: check its backup, or stop it first`);
  const [{ openDatabase }, { checkStore }] = await Promise.all([import('../db/client.ts'), import('./check-store.ts')]);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(dir, 'pglite'), poolSize: 2, prepare: false });
  try {
    const report = await checkStore(database.db);
    console.log(JSON.stringify(report, null, 2));
    if (!report.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/**
 * The operator command. On PostgreSQL it opens the database itself; on PGlite, where only the
 * running server may hold the data folder, it asks that server over loopback, as it does on
 * PostgreSQL for what only a running process has (its clock, its background jobs).
 */
async function main() {
  if (process.argv[2] === 'simulate') return runSimulation(process.argv.slice(3));
  if (process.argv[2] === 'restore') return runRestore(process.argv.slice(3));
  if (process.argv[2] === 'doctor') return runDoctorCommand(process.argv.slice(3));
  if (process.argv[2] === 'check') return runCheck();
  const cmd = parseCommand(process.argv.slice(2));
  const env = parseEnv();
  const dir = dataDir(env);
  // The clock and the background jobs belong to a running process: those commands always go to
  // the server of this data folder, on PostgreSQL too.
  const processCommand = cmd.command === 'jobs' || cmd.command === 'clock';
  const running = env.DATABASE_URL && !processCommand ? null : readRunningServer(dir);
  if (processCommand && !running) throw new AdminError(`no store is running on the data folder ${dir}`);
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
    const { openDatabase, seedCatalogue, runAdminCommand, openPushSender, projects, publishToRedisBus, redisPlace, SESSIONS_CHANNEL, SWITCHES_CHANNEL } = await import('./local-command-parts.ts');
    // The change is committed already; a Redis that is away only delays the servers noticing it.
    const announce = async (channel: string, event: string, data: unknown) => {
      if (!env.REDIS_URL) return;
      await publishToRedisBus(env.REDIS_URL, redisPrefix(env), channel, event, data).catch((err: unknown) =>
        console.warn(`Redis at REDIS_URL (${redisPlace(env.REDIS_URL!)}) did not take the announcement (${(err as Error).message}); the servers see the change within seconds by themselves`),
      );
    };
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(dir, 'pglite'), poolSize: 2 });
    try {
      await seedCatalogue(database.db, env.PROJECT);
      result = await runAdminCommand(database.db, cmd, {
        push: await openPushSender(env, database.db),
        localePrefix: env.LOCALE_PREFIX,
        backup: database.backup?.bind(database),
        // Without Redis the processes' session caches see a new role within their 15 s lifetime.
        accountChanged: (userId) => announce(SESSIONS_CHANNEL, 'revoked', { userId }),
        switches: {
          configured: { ...projects[env.PROJECT].flags, ...env.FLAGS },
          // Without Redis the processes find the change on their next periodic re-read.
          announce: () => announce(SWITCHES_CHANNEL, 'changed', {}),
        },
      });
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
