import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../platform/paths.ts';

/** The sandbox callback key for development and tests only; see PAYMENT_SANDBOX_SECRET. */
export const DEV_SANDBOX_SECRET = 'sandbox-dev-secret-not-for-production';

/**
 * The environment, parsed once at start. A bad value stops the server with a message that
 * names the variable, rather than failing later in some request.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections to a PostgreSQL server; about 2-4 per core of the database machine. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATA_DIR: z.string().default('.data'),
  REDIS_URL: z.string().url().optional(),
  PROJECT: z.enum(['cs', 'dota']).default('cs'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Opens one player may start within 10 seconds before `fastOpen` refuses more. */
  CASE_OPEN_BURST: z.coerce.number().int().min(1).default(120),
  /** Rate limits for sign-up and sign-in, per client address per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Where item art comes from: our generated SVG, or the real image addresses of the catalogue. */
  IMAGE_SOURCE: z.enum(['generated', 'remote']).default('generated'),
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Pace of a battle (decision 008): the wait from the start to round 1 and between rounds, long
   * enough for the reels to spin and land. Tests run battles faster.
   */
  BATTLE_ROUND_MS: z.coerce.number().int().min(10).max(60_000).default(3500),
  /** The payment provider adapter (decision 007). Only the sandbox exists; a real one plugs in behind the same port. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * HMAC key of the sandbox provider's callbacks. The default is fixed (not random per process)
   * so a restarted store still accepts callbacks of checkouts opened before; a deployment must
   * set its own, and the store warns at start when NODE_ENV=production keeps the default.
   */
  PAYMENT_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_SANDBOX_SECRET),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Absolute data folder; relative values are resolved from the repository root. */
export { repoRoot };
export const dataDir = (env: Env): string => path.resolve(repoRoot, env.DATA_DIR);
