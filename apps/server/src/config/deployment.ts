import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SandboxName } from '@store/shared/api/platform';
import type { Env } from './env.ts';

/** A setting that forbids this start; the message names the variable and the way out. */
export class StartRefused extends Error {}

/** The outside services this configuration runs on sandbox adapters. */
export function sandboxesInUse(env: Env): SandboxName[] {
  const used: SandboxName[] = [];
  if (env.PAYMENT_PROVIDER.includes('sandbox')) used.push('payments');
  // Letters and notifications reach players outside the site: one sandbox name covers both.
  if (env.NOTIFY_PROVIDER === 'sandbox' || env.MAIL_PROVIDER === 'sandbox') used.push('notifications');
  if (env.VENDOR_PROVIDER.includes('sandbox')) used.push('vendor');
  if (env.SIGNIN_PROVIDER === 'sandbox') used.push('signin');
  if (env.PUSH_PROVIDER === 'sandbox') used.push('push');
  // The sandbox price list moves the catalogue's prices only while the price job runs.
  if (priceSource(env) === 'sandbox' && env.PRICE_SYNC_MS > 0) used.push('prices');
  return used;
}

/** The Telegram notifier needs the bot's token and username and the webhook's secret (decision 073). */
export function missingNotifySettings(env: Pick<Env, 'NOTIFY_PROVIDER' | 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME' | 'TELEGRAM_WEBHOOK_SECRET'>): (keyof Env)[] {
  if (env.NOTIFY_PROVIDER !== 'telegram') return [];
  return (['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_NAME', 'TELEGRAM_WEBHOOK_SECRET'] as const).filter((k) => !env[k]);
}

/**
 * Whether the store serves its own analytics and experiments sandboxes (decision 061). Analytics
 * is optional, so unlike the sandboxes above it never stops a start: a production store on a
 * server database without ANALYTICS_URL and EXPERIMENTS_URL serves them only when SANDBOX names
 * `analytics`, and otherwise runs without analytics (the public configuration says so).
 */
export function servesAnalyticsSandbox(env: Pick<Env, 'ANALYTICS_URL' | 'EXPERIMENTS_URL' | 'DATABASE_URL' | 'NODE_ENV' | 'SANDBOX'>): boolean {
  if (env.ANALYTICS_URL && env.EXPERIMENTS_URL) return false;
  return !(env.DATABASE_URL && env.NODE_ENV === 'production') || env.SANDBOX.includes('analytics');
}

/** Where the web sends beacons and asks for flags: the provider, this store's sandbox, or nowhere. */
export function analyticsServices(env: Parameters<typeof servesAnalyticsSandbox>[0], sandbox: { analytics: string; experiments: string }) {
  const served = servesAnalyticsSandbox(env);
  return {
    analytics_url: env.ANALYTICS_URL ?? (served ? sandbox.analytics : null),
    experiments_url: env.EXPERIMENTS_URL ?? (served ? sandbox.experiments : null),
  };
}

/**
 * Where this store answers, for links made outside a request (a letter's links): its public
 * address, else where this process listens.
 */
export const storeAddress = (env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string => env.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://127.0.0.1:${env.PORT}`;

/**
 * Where the price job reads the market's price list (decision 078): PRICE_SOURCE, else the real
 * list (public, no key) in production on a server database and the store's sandbox list elsewhere.
 */
export const priceSource = (env: Pick<Env, 'PRICE_SOURCE' | 'NODE_ENV' | 'DATABASE_URL'>): 'sandbox' | 'market' =>
  env.PRICE_SOURCE ?? (env.NODE_ENV === 'production' && env.DATABASE_URL ? 'market' : 'sandbox');

/** market.csgo.com's API for a CS2 store, its twin market.dota2.net's for Dota 2, unless MARKET_API_URL says otherwise. */
export const marketApiUrl = (env: Pick<Env, 'MARKET_API_URL' | 'PROJECT'>): string =>
  (env.MARKET_API_URL ?? (env.PROJECT === 'dota' ? 'https://market.dota2.net' : 'https://market.csgo.com')).replace(/\/+$/, '');

const SECRETS_FILE = 'secrets.json';

/** Secrets that the store needs and no setting gave, by variable name. */
function missingSecrets(env: Env): (keyof Env)[] {
  return env.PAYMENT_PROVIDER.includes('sandbox') && !env.PAYMENT_SANDBOX_SECRET ? ['PAYMENT_SANDBOX_SECRET'] : [];
}

/**
 * Each real provider's settings come from its cabinet; the store cannot make them up. Cryptomus
 * also needs PUBLIC_URL: its webhook goes to the url_callback each invoice names.
 */
const PAYMENT_SETTINGS = {
  freekassa: ['FREEKASSA_MERCHANT_ID', 'FREEKASSA_SECRET_1', 'FREEKASSA_SECRET_2'],
  cryptomus: ['CRYPTOMUS_MERCHANT_ID', 'CRYPTOMUS_API_KEY', 'PUBLIC_URL'],
} as const satisfies Partial<Record<Env['PAYMENT_PROVIDER'][number], readonly (keyof Env)[]>>;

/** The settings each configured real provider lacks, by provider. */
export function missingPaymentSettings(env: Env): { provider: keyof typeof PAYMENT_SETTINGS; missing: (keyof Env)[] }[] {
  return (Object.keys(PAYMENT_SETTINGS) as (keyof typeof PAYMENT_SETTINGS)[])
    .filter((provider) => env.PAYMENT_PROVIDER.includes(provider))
    .map((provider) => ({ provider, missing: PAYMENT_SETTINGS[provider].filter((k) => !env[k]) }))
    .filter((p) => p.missing.length > 0);
}

/** The real sign-in providers need their client settings; the store cannot make those up. */
export function missingSigninSettings(env: Env): (keyof Env)[] {
  if (env.SIGNIN_PROVIDER !== 'real') return [];
  return (['STEAM_API_KEY', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'VK_CLIENT_ID', 'VK_SERVICE_TOKEN'] as const).filter((k) => !env[k]);
}

/**
 * Each real marketplace needs its key from the operator's account there, a rate for a currency
 * other than the store's roubles, and the store's own Steam bot for the invite (decision 077).
 */
export function missingVendorSettings(env: Env): (keyof Env)[] {
  const missing = new Set<keyof Env>();
  const real = env.VENDOR_PROVIDER.filter((p) => p !== 'sandbox');
  if (env.VENDOR_PROVIDER.includes('marketcsgo')) {
    if (!env.MARKET_API_KEY) missing.add('MARKET_API_KEY');
    if (env.MARKET_CURRENCY === 'USD' && !env.FX_RUB_PER_USD) missing.add('FX_RUB_PER_USD');
    if (env.MARKET_CURRENCY === 'EUR' && !env.FX_RUB_PER_EUR) missing.add('FX_RUB_PER_EUR');
  }
  if (env.VENDOR_PROVIDER.includes('waxpeer')) {
    if (!env.WAXPEER_API_KEY) missing.add('WAXPEER_API_KEY');
    if (!env.FX_RUB_PER_USD) missing.add('FX_RUB_PER_USD');
  }
  if (real.length && !env.STEAM_BOT_ID) missing.add('STEAM_BOT_ID');
  return [...missing];
}

/** The real push adapter signs with the store's VAPID pair; it cannot be made up per process. */
export function missingPushSettings(env: Env): (keyof Env)[] {
  if (env.PUSH_PROVIDER !== 'webpush') return [];
  return (['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const).filter((k) => !env[k]);
}

/** The SMTP adapter needs the server to hand letters to and the address they come from. */
export function missingMailSettings(env: Pick<Env, 'MAIL_PROVIDER' | 'SMTP_URL' | 'MAIL_FROM'>): (keyof Env)[] {
  if (env.MAIL_PROVIDER !== 'smtp') return [];
  return (['SMTP_URL', 'MAIL_FROM'] as const).filter((k) => !env[k]);
}

/**
 * What forbids this configuration a start, each in words that name the variable and the way out;
 * none when it may run. `prepareDeployment` refuses with the first, `npm run admin -- doctor`
 * lists them all.
 * - Sandboxes are a deliberate choice: a production store on a server database refuses to start
 *   with one unless SANDBOX names it (on the embedded database they are the demo).
 * - Each real adapter needs the settings its provider's cabinet gives.
 * - Secrets have no defaults in code: on a server database, which several processes share, a
 *   missing one must be set (on the embedded database it is made and kept, see below).
 */
export function deploymentProblems(env: Env): string[] {
  const problems: string[] = [];
  // Like a sandbox, the movable clock is for the demo and the browser tests on the embedded database.
  if (env.TEST_CLOCK && env.DATABASE_URL && env.NODE_ENV === 'production') {
    problems.push('TEST_CLOCK moves the clock of level cases and never runs on a production database.');
  }
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    const undeclared = undeclaredSandboxes(env);
    if (undeclared.length) {
      problems.push(
        `${undeclared.join(', ')} would run on a sandbox adapter on a production database. ` +
          `Configure the real adapter, or set SANDBOX=${undeclared.join(',')} to run the sandbox deliberately.`,
      );
    }
  }
  // A replica copies a PostgreSQL server; the embedded database has none to copy.
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) problems.push('DATABASE_REPLICA_URL is a replica of the PostgreSQL server at DATABASE_URL: set DATABASE_URL too, or unset it.');
  const push = missingPushSettings(env);
  if (push.length) problems.push(`PUSH_PROVIDER=webpush needs ${push.join(', ')}.`);
  const payment = missingPaymentSettings(env);
  if (payment.length) problems.push(`${payment.map((p) => `PAYMENT_PROVIDER=${p.provider} needs ${p.missing.join(', ')}`).join('; ')}.`);
  const mail = missingMailSettings(env);
  if (mail.length) problems.push(`MAIL_PROVIDER=smtp needs ${mail.join(', ')}.`);
  const notify = missingNotifySettings(env);
  if (notify.length) problems.push(`NOTIFY_PROVIDER=telegram needs ${notify.join(', ')}.`);
  const vendor = missingVendorSettings(env);
  if (vendor.length) problems.push(`VENDOR_PROVIDER=${env.VENDOR_PROVIDER.join(',')} needs ${vendor.join(', ')}.`);
  const signin = missingSigninSettings(env);
  if (signin.length) problems.push(`SIGNIN_PROVIDER=real needs ${signin.join(', ')}.`);
  const missing = missingSecrets(env);
  if (missing.length && env.DATABASE_URL) problems.push(`${missing.join(', ')} must be set when the store runs on a PostgreSQL server.`);
  return problems;
}

/** The sandbox adapters in use that SANDBOX does not name. */
export const undeclaredSandboxes = (env: Env): SandboxName[] => sandboxesInUse(env).filter((s) => !env.SANDBOX.includes(s));

/**
 * Decides at start whether this configuration may run (`deploymentProblems`), and completes its
 * secrets: on the embedded database a missing one is made once and kept in the data folder (so a
 * restart still accepts what it signed before).
 */
export function prepareDeployment(env: Env, dataDir: string): Env {
  const [problem] = deploymentProblems(env);
  if (problem) throw new StartRefused(`Refusing to start: ${problem}`);
  const missing = missingSecrets(env);
  if (!missing.length) return env;
  const file = path.join(dataDir, SECRETS_FILE);
  const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const made = Object.fromEntries(missing.filter((k) => !kept[k]).map((k) => [k, randomBytes(32).toString('hex')]));
  if (Object.keys(made).length) writeFileSync(file, JSON.stringify({ ...kept, ...made }, null, 2), { mode: 0o600 });
  const all = { ...kept, ...made };
  return { ...env, ...Object.fromEntries(missing.map((k) => [k, all[k]])) };
}
