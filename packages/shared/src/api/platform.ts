import { z } from 'zod';
import { CURRENCIES } from '../constants.ts';
import { SANDBOX_NAMES } from '../sandboxes.ts';

export { SANDBOX_NAMES, type SandboxName } from '../sandboxes.ts';

/** The public part of the project configuration (spec §1) that the web app needs. */
export const publicConfig = z.object({
  project: z.enum(['cs', 'dota']),
  game: z.string(),
  theme: z.string(),
  title: z.string(),
  /** Spec §9: one of the store's currencies; RUB by default, GOLD on the site. */
  default_currency: z.enum(CURRENCIES),
  site_currency: z.enum(CURRENCIES),
  steam_app_id: z.number(),
  auth: z.object({ variants: z.array(z.string()) }),
  contacts: z.object({ support_mail: z.string(), partner_mail: z.string(), ad: z.string() }),
  footer_payment_methods: z.array(z.string()),
  legal_data: z.object({ beneficiary: z.string(), registration_number: z.string(), address: z.string() }),
  seo: z.object({ title: z.string(), description: z.string() }),
  flags: z.object({
    pf: z.boolean(),
    battles: z.boolean(),
    battles_banner: z.boolean(),
    bonus_page: z.boolean(),
    contract: z.boolean(),
    free_cases: z.boolean(),
    free_cases_banner: z.boolean(),
    leaderboard: z.boolean(),
    secret_shop: z.boolean(),
    techies: z.boolean(),
    upgrades: z.boolean(),
    packs_banner: z.boolean(),
    header_leaderboard: z.boolean(),
    header_pf: z.boolean(),
  }),
  rarities: z.array(z.object({ name: z.string(), color: z.string() })),
  socials: z.object({ instagram: z.string(), telegram: z.string(), vk: z.string(), steam: z.string() }),
  /**
   * Outside services this store runs against their sandbox adapters (`payments`, later `vendor`
   * and `signin`). Not empty means nothing here is real money, and the site shows a ribbon.
   */
  sandboxes: z.array(z.enum(SANDBOX_NAMES)),
  /**
   * Spec §2: a visitor without a session sees the welcome page instead of the app (the server's
   * WELCOME_REDIRECT setting; the same setting limits the payment methods, spec §5).
   */
  welcome_redirect: z.boolean(),
  /**
   * Spec §7: where the web sends analytics beacons and asks for experiment flags (third-party; the
   * store's own sandboxes unless ANALYTICS_URL and EXPERIMENTS_URL name a provider; decision 051).
   * Null when there is none: a production store without a provider serves no sandbox unless
   * SANDBOX names `analytics` (decision 061), and the web then sends nothing and keeps every rule's
   * unchanged variant.
   */
  services: z.object({ analytics_url: z.string().nullable(), experiments_url: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
export type FeatureFlags = PublicConfig['flags'];
export type FlagName = keyof FeatureFlags;
export const FLAG_NAMES = Object.keys(publicConfig.shape.flags.shape) as FlagName[];

/** `GET /api/v1/monitoring/status` (spec §7): while offline the site shows the tech-work page. */
export const monitoringStatus = z.object({ is_offline: z.boolean() });

export const healthResponse = z.object({ ok: z.boolean(), db: z.boolean(), uptime_s: z.number() });

/** One check of `GET /api/ready`: `off` for what this store does not use (Redis without REDIS_URL). */
export const readinessCheck = z.enum(['ok', 'failed', 'off']);
/** `GET /api/ready`: 200 when every check is ok or off, 503 naming the one that failed (decision 036). */
export const readyResponse = z.object({
  ready: z.boolean(),
  checks: z.object({ database: readinessCheck, redis: readinessCheck, migrations: readinessCheck }),
});
export type ReadyResponse = z.infer<typeof readyResponse>;
