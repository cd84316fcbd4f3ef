import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../platform/paths.ts';

import { isIP } from 'node:net';
import { publicConfig, SANDBOX_NAMES } from '@store/shared/api/platform';
import { DEFAULT_LOCALE_PREFIX, LOCALE_PREFIXES } from '@store/shared/locale-path';
import { parseRtpBand } from '@store/shared/pricing';

const FLAG_NAMES: readonly string[] = Object.keys(publicConfig.shape.flags.shape);

export const PAYMENT_PROVIDERS = ['sandbox', 'freekassa', 'cryptomus'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const VENDOR_PROVIDERS = ['sandbox', 'marketcsgo', 'waxpeer'] as const;
export type VendorProviderName = (typeof VENDOR_PROVIDERS)[number];

/** A comma-separated setting: trimmed, no empty items, each item once. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((v) => [...new Set(v.split(',').map((x) => x.trim()).filter(Boolean))])
    .pipe(z.array(item).min(1));

/** A secret the store itself makes up or checks (a token, an HMAC key): long enough not to be guessed. */
export const SECRET_MIN_LENGTH = 16;
const secretSetting = () => z.string().min(SECRET_MIN_LENGTH, `must be at least ${SECRET_MIN_LENGTH} characters`);

/**
 * TRUST_PROXY: off (the default: the socket's address is the client's), a hop count, or a list
 * of proxy addresses and ranges (`127.0.0.1,10.0.0.0/8`, or proxy-addr's `loopback`...).
 */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxy = z
  .string()
  .transform((v, ctx): false | number | string[] => {
    const value = v.trim().toLowerCase();
    if (value === 'false' || value === '0' || value === 'off') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = list.filter((x) => !NAMED_RANGES.has(x) && !isIP(x.split('/')[0]!));
    if (!list.length || bad.length) {
      ctx.addIssue({ code: 'custom', message: `a hop count or a list of proxy addresses, not ${bad.join(', ') || v}` });
      return z.NEVER;
    }
    return list;
  })
  .default(false);

/**
 * The environment, parsed once at start. A bad value stops the server with a message that
 * names the variable, rather than failing later in some request.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** How long start-up waits for the database at DATABASE_URL to take a connection, retrying with backoff, before it gives up. */
  DATABASE_CONNECT_TIMEOUT_S: z.coerce.number().min(0).max(3600).default(30),
  /** Connections to a PostgreSQL server; about 2-4 per core of the database machine. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * A streaming read replica of DATABASE_URL's database (decision 084): the reads that tolerate a
   * moment's staleness go there (leaderboards, histories, the console's lists), falling back to
   * the primary while it is unreachable. Unset, every read goes to DATABASE_URL.
   */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /** Past this replay lag (seconds) the replica's reads go to the primary until it catches up; 0 never. */
  DATABASE_REPLICA_MAX_LAG_S: z.coerce.number().min(0).max(86_400).default(30),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().url().optional(),
  PROJECT: z.enum(['cs', 'dota']).default('cs'),
  /**
   * Feature flags switched from their configured defaults, as `name:on` or `name:off` joined by
   * commas (`FLAGS=techies:on`); an unknown name or value refuses to start.
   */
  FLAGS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const out: Record<string, boolean> = {};
      for (const part of v.split(',').map((p) => p.trim()).filter(Boolean)) {
        const m = /^([a-z_]+):(on|off)$/.exec(part);
        if (!m || !FLAG_NAMES.includes(m[1]!)) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not name:on or name:off of a known flag` });
          return z.NEVER;
        }
        out[m[1]!] = m[2] === 'on';
      }
      return out;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The share of requests (0 to 1) written to the log; failures always are. Default: all, and 1 % in production. */
  REQUEST_LOG_SAMPLE: z.coerce.number().min(0).max(1).optional(),
  /**
   * The bearer token Prometheus presents at /metrics (decision 036). Unset, the metrics are open
   * in development and tests and not served at all in production.
   */
  METRICS_TOKEN: secretSetting().optional(),
  /** Rate limits for sign-up and sign-in, per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Websockets one client address may hold open on one process (behind TRUST_PROXY, the address
   * the proxies forward); more are answered 429. A browser tab holds one.
   */
  WS_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Websockets one signed-in session (its cookie or Bearer token) may hold open on one process. */
  WS_MAX_PER_SESSION: z.coerce.number().int().min(1).default(10),
  /** Where item art comes from: our generated SVG, or the real image addresses of the catalogue. */
  IMAGE_SOURCE: z.enum(['generated', 'remote']).default('remote'),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Pace of a battle (decision 008): the wait from the start to round 1 and between rounds, long
   * enough for the reels to spin and land. Tests run battles faster.
   */
  BATTLE_ROUND_MS: z.coerce.number().int().min(10).max(60_000).default(3500),
  /**
   * The payment providers, comma-separated, in the order that decides a method offered by two
   * (decision 070): `sandbox` (decision 007), `freekassa`, `cryptomus` (decision 071), or several (`freekassa,cryptomus`).
   */
  PAYMENT_PROVIDER: commaList(z.enum(PAYMENT_PROVIDERS)).default(['sandbox']),
  /**
   * The methods (PaymentMethod.payMethod codes: `sbp,card_ru`) each provider takes; a provider
   * without a list takes every method the providers before it left and it can charge (decision 070).
   */
  PAYMENT_METHODS_SANDBOX: commaList(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  PAYMENT_METHODS_FREEKASSA: commaList(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  PAYMENT_METHODS_CRYPTOMUS: commaList(z.string().regex(/^[a-z0-9_]+$/)).optional(),
  /** The shop's id and secret words 1 (the checkout form) and 2 (the notification) from FreeKassa's cabinet; no defaults. */
  FREEKASSA_MERCHANT_ID: z.string().regex(/^\d{1,20}$/, 'the shop id: digits').optional(),
  FREEKASSA_SECRET_1: z.string().min(1).optional(),
  FREEKASSA_SECRET_2: z.string().min(1).optional(),
  /** FreeKassa's checkout form; the tests point it at their local fake. */
  FREEKASSA_FORM_URL: z.string().url().default('https://pay.freekassa.com/'),
  /** Whether a notification must come from FreeKassa's published addresses (the client address as TRUST_PROXY gives it). */
  FREEKASSA_CHECK_IP: z.enum(['on', 'off']).default('on'),
  /** The addresses FreeKassa notifies from; by default the published list (modules/payments/freekassa). */
  FREEKASSA_IPS: commaList(z.string().refine((x) => isIP(x) !== 0, 'an IP address')).optional(),
  /** FreeKassa's payment system id (`i`) per method (`sbp:42,card_ru:36`); without one the player picks on FreeKassa's form. */
  FREEKASSA_METHOD_IDS: commaList(z.string().regex(/^[a-z0-9_]+:\d{1,6}$/, 'method:id')).optional(),
  /** The API key from FreeKassa's cabinet: set, orders whose notification never came are looked up by the API (decision 072). */
  FREEKASSA_API_KEY: z.string().min(1).optional(),
  /** FreeKassa's API; the tests point it at their local fake. */
  FREEKASSA_API_URL: z.string().url().default('https://api.fk.life/v1'),
  /** The merchant's uuid and its payment API key from Cryptomus's cabinet (decision 071); no defaults. */
  CRYPTOMUS_MERCHANT_ID: z.string().uuid('the merchant uuid').optional(),
  CRYPTOMUS_API_KEY: z.string().min(1).optional(),
  /** Cryptomus's API; the tests point it at their local fake. */
  CRYPTOMUS_API_URL: z.string().url().default('https://api.cryptomus.com/v1'),
  /** Whether a webhook must come from Cryptomus's published address (the client address as TRUST_PROXY gives it). */
  CRYPTOMUS_CHECK_IP: z.enum(['on', 'off']).default('on'),
  /** The addresses Cryptomus sends webhooks from; by default the published one (modules/payments/cryptomus). */
  CRYPTOMUS_IPS: commaList(z.string().refine((x) => isIP(x) !== 0, 'an IP address')).optional(),
  /**
   * Test only, ignored in production: where a payment callback stops and the process waits, so a
   * test can kill it there (decision 072): `received` before it is settled, `settled` once the
   * credit committed and before the answer.
   */
  PAYMENT_TEST_HOLD_ANSWER: z.enum(['off', 'received', 'settled']).default('off'),
  /**
   * HMAC key of the sandbox provider's callbacks. No default in code: on the embedded database
   * one is made on first start and kept in the data folder; on a server database it must be set.
   */
  PAYMENT_SANDBOX_SECRET: secretSetting().optional(),
  /**
   * The sandbox adapters a production store on a server database may run, comma-separated
   * (`payments`): naming one is the deliberate choice to run it where money could be real.
   */
  SANDBOX: z
    .string()
    .transform((v) => v.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SANDBOX_NAMES)))
    .default([]),
  TRUST_PROXY: trustProxy,
  /** Level cases from this level up need a deposit within DAILY_DEPOSIT_DAYS days (decision 015). */
  DAILY_DEPOSIT_FROM_LEVEL: z.coerce.number().int().min(1).max(1000).default(15),
  DAILY_DEPOSIT_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * The skin marketplaces a withdrawal buys from, in order (decisions 018, 077): `sandbox` (served
   * by the store itself), `marketcsgo` (market.csgo.com, or market.dota2.net for PROJECT=dota) and
   * `waxpeer`. A purchase nobody sells under the ceiling at one is asked of the next.
   */
  VENDOR_PROVIDER: commaList(z.enum(VENDOR_PROVIDERS)).default(['sandbox']),
  /** The market.csgo.com API's address; by PROJECT when unset (market.csgo.com, market.dota2.net). */
  MARKET_API_URL: z.string().url().optional(),
  /** The API key from the market's settings page; no default. */
  MARKET_API_KEY: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'the API key from the market: letters and digits').optional(),
  /** The market account's currency: prices and ceilings are in its units (RUB in kopecks, USD and EUR in thousandths). */
  MARKET_CURRENCY: z.enum(['RUB', 'USD', 'EUR']).default('RUB'),
  /** Waxpeer's API key (its profile page) and address; it trades in US dollars (a dollar is 1000 of its units). */
  WAXPEER_API_KEY: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'the API key from Waxpeer: letters and digits').optional(),
  WAXPEER_API_URL: z.string().url().default('https://api.waxpeer.com'),
  /** Roubles per dollar and per euro, for a market that prices in them; no default (a made-up rate would overpay or never buy). */
  FX_RUB_PER_USD: z.coerce.number().positive().optional(),
  FX_RUB_PER_EUR: z.coerce.number().positive().optional(),
  /** Under this balance (whole roubles) at a market the console warns; a purchase the balance cannot pay waits in the queue. */
  VENDOR_BALANCE_WARN: z.coerce.number().int().min(0).default(5_000),
  /** The sandbox marketplace's clock: 1 is real sellers' pace; the tests run it a thousand times faster. */
  VENDOR_SANDBOX_TIME_SCALE: z.coerce.number().positive().max(10).default(1),
  /**
   * The wait before an outcome's live events and list entries are shown, as a share of its
   * animation, so no watcher learns an outcome before its player: 1 in a store; the server suite
   * runs at 0, outcomes at once.
   */
  REVEAL_TIME_SCALE: z.coerce.number().min(0).max(1).default(1),
  /**
   * The store's Steam bot (a SteamID64) players add as a friend. No default: the sandbox
   * marketplace has one of its own, a real one needs the operator's (decision 077).
   */
  STEAM_BOT_ID: z.string().regex(/^7656119\d{10}$/).optional(),
  /** How often an order waiting at the marketplace is asked about, ms. */
  VENDOR_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  /**
   * Where messages outside the site go (decisions 015, 073): the sandbox records them all; `telegram`
   * sends the telegram channel through the Bot API as the bot TELEGRAM_BOT_NAME (token from
   * @BotFather), whose webhook Telegram calls with TELEGRAM_WEBHOOK_SECRET. E-mail always goes
   * through the mail outbox; Steam and VK stay on the sandbox until they have a service.
   */
  NOTIFY_PROVIDER: z.enum(['sandbox', 'telegram']).default('sandbox'),
  TELEGRAM_BOT_TOKEN: z.string().regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'a bot token from @BotFather, as 123456:ABC-DEF...').optional(),
  /** The bot's username without @ (`case_store_bot`): the deep link players open is https://t.me/<name>?start=<token>. */
  TELEGRAM_BOT_NAME: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, "the bot's username without @").optional(),
  /** The secret_token given to setWebhook, which Telegram sends back in X-Telegram-Bot-Api-Secret-Token (1-256 of A-Z, a-z, 0-9, _, -). */
  TELEGRAM_WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'at least 16 of A-Z, a-z, 0-9, _ and -').optional(),
  TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
  /**
   * Sign-in through Steam, Google and VK (decision 022): the sandbox identity provider served by
   * this store, or the real providers with their client settings below.
   */
  SIGNIN_PROVIDER: z.enum(['sandbox', 'real']).default('sandbox'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  VK_CLIENT_ID: z.string().min(1).optional(),
  /**
   * Push notifications (decision 027): the sandbox push service records what it would deliver;
   * `webpush` speaks the Web Push protocol to the browsers' push services with the VAPID keys
   * below. No keys in code: the sandbox makes its own pair and keeps it in the database, and
   * `webpush` refuses to start without them.
   */
  PUSH_PROVIDER: z.enum(['sandbox', 'webpush']).default('sandbox'),
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/, 'a base64url P-256 public key (web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}=?$/, 'a base64url P-256 private key (web-push generate-vapid-keys)').optional(),
  /** Who the push services may contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, 'a mailto: or https: address').optional(),
  /**
   * The mail service letters are handed to (decision 069): the sandbox, which records them, or an
   * SMTP server at SMTP_URL (smtp:// or smtps://user:password@host:port), from MAIL_FROM
   * (`Store <noreply@store.example>`).
   */
  MAIL_PROVIDER: z.enum(['sandbox', 'smtp']).default('sandbox'),
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//i.test(v), 'an smtp:// or smtps:// address')
    .optional(),
  MAIL_FROM: z.string().regex(/^([^<>]*<)?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/, 'a mail address, as noreply@store.example or Store <noreply@store.example>').optional(),
  /**
   * The store's communities that the social missions check membership of: the Steam group's id
   * (as GetUserGroupList names it) and the VK community's id. The defaults are the sandbox's.
   */
  STEAM_GROUP_ID: z.string().regex(/^\d{1,20}$/).default('4777282'),
  VK_GROUP_ID: z.string().regex(/^\d{1,12}$/).default('229461577'),
  /**
   * Keys of the networks' real APIs, used with SIGNIN_PROVIDER=real: the Steam Web API key (the
   * persona at sign-in, the group list of the social mission) and VK's service token (groups.isMember).
   * With the sandbox the store's own sandbox networks answer and these are not read.
   */
  STEAM_API_KEY: z.string().regex(/^[A-F0-9]{32}$/i, 'a Steam Web API key: 32 hexadecimal digits').optional(),
  VK_SERVICE_TOKEN: z.string().min(20).max(300).optional(),
  /**
   * Whether this process runs the background jobs (activity consumers such as experience, the
   * daily-case reminders). Several web processes may leave them to one or two workers; the bench
   * turns them off to measure what they cost the opening path.
   */
  BACKGROUND_JOBS: z.enum(['on', 'off']).default('on'),
  /** Lets the operator command move the store's clock forward: the demo and browser tests, refused on a production database. */
  TEST_CLOCK: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .default(false),
  /**
   * Spec §2 and §5: a visitor without a session sees the welcome page instead of the app, and the
   * payment page offers only the `.biz` methods. Off by default.
   */
  WELCOME_REDIRECT: z
    .enum(['0', '1', 'true', 'false', 'on', 'off'])
    .transform((v) => v === '1' || v === 'true' || v === 'on')
    .default(false),
  /**
   * Spec §2: where a language lives in the address (packages/shared/src/locale-path.ts):
   * `except_default` (Russian at the root, English under /en) or `always` (/ru and /en).
   */
  LOCALE_PREFIX: z.enum(LOCALE_PREFIXES).default(DEFAULT_LOCALE_PREFIX),
  /**
   * Prices that follow the market (decision 078): where the price job reads the market's public
   * price list (`sandbox`, served by the store itself with a small seeded drift, or `market`, the
   * list at MARKET_API_URL; unset, `market` in production on a server database and `sandbox`
   * elsewhere: `priceSource`), how often (ms; 0 switches the job off), and the band of a case's
   * return to player (percent, `85-95`) outside which the console flags it with a proposal.
   */
  PRICE_SOURCE: z.enum(['sandbox', 'market']).optional(),
  PRICE_SYNC_MS: z.coerce.number().int().min(0).max(7 * 24 * 3_600_000).default(3_600_000),
  PRICE_RTP_BAND: z
    .string()
    .transform((v, ctx) => parseRtpBand(v) ?? (ctx.addIssue({ code: 'custom', message: 'two percents, the lower first, as 85-95' }), z.NEVER))
    .default(() => parseRtpBand('85-95')!),
  /**
   * Spec §7: the tracking service the web's beacons go to, and the base of the experiments service
   * (`/flags`, `/exposures`). Unset, the store's own sandboxes answer (decision 051), but in
   * production on a server database only when SANDBOX names `analytics`; else none (decision 061).
   */
  ANALYTICS_URL: z.string().url().optional(),
  EXPERIMENTS_URL: z.string().url().optional(),
  /** The variant of change-min-sum the sandbox experiments service gives everyone (spec §7: 'false' means the minimum was changed). */
  EXPERIMENT_CHANGE_MIN_SUM: z.enum(['true', 'false']).default('false'),
  /** Prefix of every Redis key and channel; the default is derived from the database's name. */
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only').optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The Redis prefix in force: the setting, or `store:` and the database's name (the data folder's for PGlite). */
export function redisPrefix(env: Env): string {
  if (env.REDIS_PREFIX) return env.REDIS_PREFIX;
  if (env.DATABASE_URL) return `store:${decodeURIComponent(new URL(env.DATABASE_URL).pathname.slice(1)) || 'postgres'}`;
  return `store:${path.basename(dataDir(env))}`;
}

/** A setting the schema refuses: the variable and why (a secret too short, an address that is none). */
export interface EnvProblem {
  variable: string;
  message: string;
}

/**
 * The environment checked against the schema: the settings, or every setting it refuses. The
 * start (`parseEnv`) and `npm run admin -- doctor` both read the environment through this one rule.
 */
export function checkEnv(source: NodeJS.ProcessEnv = process.env): { env: Env; problems: [] } | { env: null; problems: EnvProblem[] } {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return { env: result.data, problems: [] };
  return { env: null, problems: result.error.issues.map((i) => ({ variable: i.path.join('.'), message: i.message })) };
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const checked = checkEnv(source);
  if (!checked.env) {
    const lines = checked.problems.map((p) => `  ${p.variable}: ${p.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return checked.env;
}

/** Absolute data folder; relative values are resolved from the repository root. */
export { repoRoot };
export const dataDir = (env: Env): string => path.resolve(repoRoot, env.DATA_DIR);
