// Writes the examples of the API document (apps/server/src/composition/api-examples.json): each is
// what the store answered a real call, made here with app.inject on a throw-away, seeded PGlite
// store of each project (the Dota 2 store shows Dota items). Lists are cut to their first entries.
// Run it again when an answer changes: `api-docs.test.ts` fails while an example no longer
// matches its route's schemas. Usage: node --import tsx scripts/api-examples.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { format, resolveConfig } from 'prettier';
import type { QuickRegistrationResponse } from '@store/shared/api/auth';
import type { BattleCasesResponse } from '@store/shared/api/battles';
import type { Section } from '@store/shared/api/cases';
import type { InventoryResponse } from '@store/shared/api/inventory';
import type { Leaderboard } from '@store/shared/api/leaderboards';
import type { UniqueItem } from '@store/shared/api/upgrades';
import { grantBalance } from '../apps/server/src/admin/grant-balance.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { API_EXAMPLE_OPERATIONS, type ApiExample, type ApiExamples } from '../apps/server/src/composition/api-examples.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { projects } from '../apps/server/src/config/projects.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedStore } from '../apps/server/src/seed.ts';

const FILE = path.resolve(import.meta.dirname, '../apps/server/src/composition/api-examples.json');
/** How many entries of a list an example keeps: enough to show its shape, short enough to read. */
const LIST_ENTRIES = 2;

type Project = keyof typeof projects;

/** A copy with every list cut to its first entries. */
function shortened(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, LIST_ENTRIES).map(shortened);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v)]));
  return value;
}

async function examplesOf(project: Project): Promise<Record<string, ApiExample>> {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PROJECT: project,
    DATABASE_URL: '',
    REDIS_URL: '',
    BACKGROUND_JOBS: 'off',
    PAYMENT_SANDBOX_SECRET: 'api-examples-only-not-a-secret',
    REVEAL_TIME_SCALE: '0',
    IMAGE_SOURCE: 'generated',
    PRICE_SYNC_MS: '0',
    AUTH_RATE_LIMIT: '100000',
  });
  const database = await openDatabase({});
  await seedStore(database.db, projects[project]);
  const app: FastifyInstance = await buildApp({ env, database });
  await app.ready();
  const examples: Record<string, ApiExample> = {};
  let token = '';

  /** Calls the API as the web client would, keeps the call and its answer as the operation's example, and gives `data`. */
  async function call<T>(operationId: string | null, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const res = await app.inject({
      method,
      url,
      headers: {
        'x-client-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`${project}: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    const answer = res.json() as { data: T };
    if (operationId) examples[operationId] = { ...(body !== undefined ? { request: body } : {}), response: shortened(answer) };
    return answer.data;
  }

  try {
    const { login, password } = await call<QuickRegistrationResponse>(
      'postV1AuthRegistrationQuick',
      'POST',
      '/api/v1/auth/registration/quick',
      {},
    );
    token = (await call<{ access_token: string }>('postV1AuthLogin', 'POST', '/api/v1/auth/login', { login, password })).access_token;
    // Credited the way an operator credits by hand, so the calls that cost money can be shown.
    await grantBalance({ db: database.db, login, amount: 5000, operator: 'api-examples' });
    await call('getV1UsersMe', 'GET', '/api/v1/users/me');
    await call('getV1AuthSessions', 'GET', '/api/v1/auth/sessions');

    // The cheapest case that opens one at a time at its price.
    const sections = await call<Section[]>('getV2CaseSectionsWithCases', 'GET', '/api/v2/case/sections/with-cases');
    const cases = sections
      .flatMap((s) => s.cases)
      .filter(
        (c) =>
          c.available &&
          c.price_data.currency === 'GOLD' &&
          c.price_data.price > 0 &&
          !c.multifix_number &&
          !c.multicast_data &&
          !c.every_n_opens_free &&
          c.statistic_data.opens_limit === null,
      )
      .sort((a, b) => a.price_data.price - b.price_data.price);
    const kase = cases[0]!;
    await call('getV1CasesByName', 'GET', `/api/v1/cases/${kase.slug}`);
    await call('postV1CasesByNameOpen', 'POST', `/api/v1/cases/${kase.slug}/open`, { multi_open: 1 });
    for (let i = 0; i < 4; i++)
      await call(null, 'POST', `/api/v1/cases/${kase.slug}/open`, { multi_open: Math.min(5, kase.max_multi_open) });

    const held = async () => (await call<InventoryResponse>(null, 'GET', '/api/v1/inventory/get?per_page=100')).items;
    await call('getV1InventoryGet', 'GET', '/api/v1/inventory/get');
    let items = await held();
    await call('postV1InventorySell', 'POST', '/api/v1/inventory/sell', { id: items[0]!.id });
    await call('postV1InventorySellMany', 'POST', '/api/v1/inventory/sell/many', { ids: [items[1]!.id, items[2]!.id] });

    items = await held();
    const stake = items[0]!;
    const targets = await call<UniqueItem[]>(null, 'GET', '/api/v1/unique-items?per_page=100');
    const target = targets.find((t) => t.price_data.price >= stake.price * 2) ?? targets.at(-1)!;
    await call('postV1UpgradesUpgradeItems', 'POST', '/api/v1/upgrades/upgrade-items', {
      user_item_ids: [stake.id],
      target_item_id: target.id,
    });

    items = await held();
    await call('postV1ContractsSign', 'POST', '/api/v1/contracts/sign', { user_item_ids: items.slice(0, 3).map((i) => i.id) });

    const battleCase = (await call<BattleCasesResponse>(null, 'GET', '/api/battles/cases')).sections.flatMap((s) => s.cases)[0]!;
    await call('postBattlesBattles', 'POST', '/api/battles/battles', { mode: '1v1', cases: [{ slug: battleCase.slug, count: 1 }] });

    await call('postV1PaymentsTransactionStart', 'POST', '/api/v1/payments/transaction/start', {
      country: 'RU',
      method_id: 101,
      amount: 500,
    });

    await call(null, 'POST', '/api/v1/users/set/steam/data', {
      link: 'https://steamcommunity.com/tradeoffer/new/?partner=4242&token=example1',
    });
    items = await held();
    await call('postV1InventorySenditem', 'POST', '/api/v1/inventory/senditem', { ids: [items[0]!.id], method: 'trade' });

    await call('getV1EventCurrent', 'GET', '/api/v1/event/current');
    await call('getV1Challenge', 'GET', '/api/v1/challenge');
    const boards = await call<Leaderboard[]>('getV2TopActive', 'GET', '/api/v2/top/active');
    await call('getV2TopRankingById', 'GET', `/api/v2/top/ranking/${boards[0]!.id}`);
  } finally {
    await app.close();
    await database.close();
  }
  const missing = API_EXAMPLE_OPERATIONS.filter((id) => !examples[id]);
  if (missing.length) throw new Error(`${project}: no example for ${missing.join(', ')}`);
  return examples;
}

const out: ApiExamples = {};
for (const project of Object.keys(projects) as Project[]) out[project] = await examplesOf(project);
// Written as `npm run format` would write it, so formatting the repository leaves it alone.
writeFileSync(FILE, await format(JSON.stringify(out), { ...(await resolveConfig(FILE)), parser: 'json' }));
console.log(`wrote ${path.relative(process.cwd(), FILE)}`);
