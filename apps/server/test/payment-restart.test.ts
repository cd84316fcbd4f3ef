import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countRows, ledgerMismatches } from './helpers/factories.ts';
import { FreeKassaFake } from './helpers/freekassa-fake.ts';
import { processTestPlace } from './helpers/test-app.ts';
import { http, startServer, stopServer, type RunningServer } from './helpers/server-process.ts';

/**
 * A FreeKassa notification through a kill -9 of the real server (decision 072): the store
 * settles the paid order and commits, then dies before it answers `YES`; FreeKassa, having no
 * answer, sends the notification again to the restarted store, which answers `YES` and credits
 * nothing more. The fake runs in the test process, the store in its own.
 */
const FK = { merchantId: '31337', secret1: randomBytes(12).toString('hex'), secret2: randomBytes(12).toString('hex') };
const callbackPath = '/api/v1/payments/callback/freekassa';

const places: Awaited<ReturnType<typeof processTestPlace>>[] = [];
// The real FreeKassa retries for hours; the fake every 100 ms for long enough to outlast a restart.
const fake = new FreeKassaFake({ ...FK, maxAttempts: 1200, retryDelayMs: 100 });

beforeAll(() => fake.start());
afterAll(async () => {
  await fake.close();
  for (const place of places) await place.cleanup();
});

/** A data folder (and on PostgreSQL a database) of its own for each case, the store taking FreeKassa. */
async function freshPlace() {
  const place = await processTestPlace('store-payment-restart-', {
    PAYMENT_PROVIDER: 'freekassa,sandbox',
    PAYMENT_METHODS_FREEKASSA: 'sbp',
    FREEKASSA_MERCHANT_ID: FK.merchantId,
    FREEKASSA_SECRET_1: FK.secret1,
    FREEKASSA_SECRET_2: FK.secret2,
    FREEKASSA_FORM_URL: fake.formUrl,
    FREEKASSA_IPS: '127.0.0.1',
  });
  places.push(place);
  return place;
}

async function until(what: string, test: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a payment notification through a kill -9', () => {
  it.each([
    ['settled', 'after the credit committed and before the answer'],
    ['received', 'after the notification arrived and before it was settled'],
  ])('killed %s (%s): the retry to the restarted store is answered YES and the order credited exactly once', async (point) => {
    const place = await freshPlace();
    // The crash point: the store stops there and the test kills it.
    let server: RunningServer = await startServer({ ...place.env, PAYMENT_TEST_HOLD_ANSWER: point });
    let killed = false;
    try {
      const reg = (await http(server.url, 'POST', '/api/v1/auth/registration/quick', { body: {} })).body.data;
      const token = reg.access_token as string;
      const start = await http(server.url, 'POST', '/api/v1/payments/transaction/start', { token, body: { country: 'RU', method_id: 101, amount: 1000 } });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const orderId = start.body.data.order_id as string;
      fake.notifyUrl = server.url + callbackPath;

      const delivery = fake.pay(start.body.data.checkout_url as string);
      const first = server;
      await until('the store to hold the notification', () => first.output().includes(`payment-callback-held ${point}`));
      await stopServer(server, 'SIGKILL');
      killed = true;

      server = await startServer(place.env);
      fake.notifyUrl = server.url + callbackPath;
      const done = await delivery;
      // The first attempt died with the process, the ones while it was down found nobody; the last was answered.
      expect(done.answered).toBe(true);
      expect(done.attempts.length).toBeGreaterThan(1);
      expect(done.attempts[0]!.status).toBe(0);
      expect(done.attempts.at(-1)).toEqual({ status: 200, body: 'YES' });

      const me = (await http(server.url, 'GET', '/api/v1/users/me', { token })).body.data;
      // 1000 GOLD and the +5 % level from 1000, once.
      expect(me.finance.balance).toBe(1050);
      await stopServer(server);

      const database = await place.openDirect();
      try {
        expect(await countRows(database.db, sql`select count(*) as n from ledger where ref = ${`payment:${orderId}`} and reason = 'deposit'`)).toBe(1);
        expect(await countRows(database.db, sql`select count(*) as n from payment_orders where id = ${orderId} and status = 'success' and provider_reference = ${done.intid}`)).toBe(1);
        expect(await ledgerMismatches(database.db)).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      if (!killed || server.child.exitCode === null) await stopServer(server, 'SIGKILL');
    }
    // Two starts of the real server on PGlite take most of this; a busy machine takes longer.
  }, 180_000);
});
