// Writes the OpenAPI document the store serves at /api/docs to a file, without starting a server:
// the app is built on a throw-away PGlite database, as the tests build it. `npm run lint:api`
// lints what this writes. Usage: node --import tsx scripts/api-document.ts <file>
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: api-document.ts <output file>');
const env = parseEnv({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATABASE_URL: '',
  REDIS_URL: '',
  BACKGROUND_JOBS: 'off',
  // The document does not depend on it; the payment module will not start without one.
  PAYMENT_SANDBOX_SECRET: 'api-document-only-not-a-secret',
});
const database = await openDatabase({});
const app = await buildApp({ env, database });
await app.ready();
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
