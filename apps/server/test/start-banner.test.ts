import { describe, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { startBanner } from '../src/platform/start-banner.ts';

/** The line a start ends with: an operator sees where the store is and every sandbox it runs on. */
describe('the start banner', () => {
  it('names the address, the game, the database and every sandbox of a demo store', () => {
    const b = startBanner(parseEnv({ PROJECT: 'dota' }), { port: 3000, database: 'pglite', replica: false });
    expect(b.msg).toMatch(/^store on http:\/\/localhost:3000 · Dota 2 store · PGlite \(embedded\) · sandboxes: payments, skins, prices, mail, notifications, sign-in, push$/);
    expect(b.sandboxes).toEqual(['payments', 'skins', 'prices', 'mail', 'notifications', 'sign-in', 'push']);
    expect(b.url).toBe('http://localhost:3000');
  });

  it('tells the real adapters from the sandboxes still running, at the public address', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://store.example/',
      DATABASE_URL: 'postgres://db/store',
      REDIS_URL: 'redis://redis:6379',
      PAYMENT_PROVIDER: 'freekassa,cryptomus',
      MAIL_PROVIDER: 'smtp',
      VENDOR_PROVIDER: 'marketcsgo,sandbox',
    });
    const b = startBanner(env, { port: 3000, database: 'postgres', replica: true });
    expect(b.url).toBe('https://store.example');
    expect(b.msg).toContain('PostgreSQL with a read replica and Redis');
    // A market list with the sandbox in it still sends some withdrawals nowhere.
    expect(b.sandboxes).toEqual(['skins', 'notifications', 'sign-in', 'push']);
    expect(b.msg).toContain('real: payments freekassa+cryptomus, prices market, mail smtp');
  });
});
