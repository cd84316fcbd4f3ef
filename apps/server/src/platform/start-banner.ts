import type { Env } from '../config/env.ts';
import { priceSource } from '../config/deployment.ts';

export interface StartBanner {
  msg: string;
  url: string;
  project: Env['PROJECT'];
  database: string;
  /** Each outside service and the adapter it runs on. */
  adapters: Record<string, string>;
  sandboxes: string[];
}

/**
 * The one line a start ends with: where the store answers, on what, and which outside services
 * are real and which are sandboxes (a sandbox credits money or delivers nothing for real, so an
 * operator must see it at a glance). The fields carry the same for a log collector.
 */
export function startBanner(env: Env, o: { port: number; database: 'pglite' | 'postgres'; replica: boolean }): StartBanner {
  const url = env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${o.port}`;
  const database = o.database === 'pglite' ? 'PGlite (embedded)' : `PostgreSQL${o.replica ? ' with a read replica' : ''}${env.REDIS_URL ? ' and Redis' : ''}`;
  const adapters: Record<string, string> = {
    payments: env.PAYMENT_PROVIDER.join('+'),
    skins: env.VENDOR_PROVIDER.join('+'),
    prices: priceSource(env) === 'sandbox' ? (env.PRICE_SYNC_MS > 0 ? 'sandbox' : 'off') : 'market',
    mail: env.MAIL_PROVIDER,
    notifications: env.NOTIFY_PROVIDER,
    'sign-in': env.SIGNIN_PROVIDER,
    push: env.PUSH_PROVIDER,
  };
  const sandboxes = Object.entries(adapters)
    .filter(([, adapter]) => adapter.split('+').includes('sandbox'))
    .map(([service]) => service);
  const real = Object.entries(adapters)
    .filter(([service, adapter]) => !sandboxes.includes(service) && adapter !== 'off')
    .map(([service, adapter]) => `${service} ${adapter}`);
  const game = env.PROJECT === 'dota' ? 'Dota 2' : 'CS2';
  const msg = [
    `store on ${url}`,
    `${game} store`,
    database,
    sandboxes.length ? `sandboxes: ${sandboxes.join(', ')}` : 'no sandbox',
    ...(real.length ? [`real: ${real.join(', ')}`] : []),
  ].join(' · ');
  return { msg, url, project: env.PROJECT, database: o.database, adapters, sandboxes };
}
