import { z } from 'zod';
import { amount, idParam, pageOf } from './common.ts';
import { FLAG_NAMES, type FlagName } from './platform.ts';
import { SIGNIN_PROVIDERS } from '../account.ts';
import { WALLET_CURRENCIES } from '../constants.ts';
import { ADJUSTMENT_REASON, OPERATOR_ROLES } from '../operators.ts';

/**
 * The operator console's calls under `/api/v1/admin` (decision 029). Who may call each one is
 * `OPERATOR_PERMISSIONS` in `../operators.ts`; amounts are wallet units with 2 decimals, like
 * every amount on the wire.
 */

const role = z.enum(OPERATOR_ROLES).nullable();
/** What an operator types as the reason of a change; it is kept in the audit (and the ledger). */
export const operatorReason = z.string().trim().min(ADJUSTMENT_REASON.min).max(ADJUSTMENT_REASON.max);
const perPage = z.coerce.number().int().min(1).max(200).default(50);
const page = z.coerce.number().int().min(1).max(100_000).default(1);

export const operatorPlayerParams = z.object({ id: idParam });

/** GET /api/v1/admin/players?q=: an id, a login, a nickname, a Steam login or a SteamID64. */
export const operatorPlayersQuery = z.object({ q: z.string().trim().min(1).max(100) });

/** A player in the console's lists. */
export const operatorPlayerSummary = z.object({
  id: z.number(),
  login: z.string(),
  nickname: z.string(),
  role,
  blocked: z.boolean(),
  steam_id: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorPlayerSummary = z.infer<typeof operatorPlayerSummary>;
export const operatorPlayersResponse = z.object({ items: z.array(operatorPlayerSummary) });

/**
 * GET /api/v1/admin/players/in-debt: players whose GOLD balance is below zero (a deposit refunded
 * or charged back after it was spent, decision 072), deepest debt first.
 */
export const operatorDebtorsResponse = z.object({ items: z.array(operatorPlayerSummary.extend({ balance: z.number() })) });
export type OperatorDebtorsResponse = z.infer<typeof operatorDebtorsResponse>;

/** GET /api/v1/admin/players/:id: the profile, wallets, role and blocked state. */
export const operatorPlayer = operatorPlayerSummary.extend({
  /** The spec's `admin` flag of the user: the admin role. */
  admin: z.boolean(),
  language: z.string(),
  email: z.string().nullable(),
  reg_type: z.string(),
  steam: z.object({ link: z.string().nullable(), login: z.string().nullable(), id: z.string().nullable() }),
  identities: z.array(z.object({ provider: z.enum(SIGNIN_PROVIDERS), subject: z.string(), name: z.string() })),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  wallets: z.array(z.object({ currency: z.enum(WALLET_CURRENCIES), balance: amount })),
  cases_opened: z.number(),
  spent: amount,
});
export type OperatorPlayer = z.infer<typeof operatorPlayer>;

/** GET /api/v1/admin/players/:id/ledger: newest first. */
export const operatorLedgerQuery = z.object({ page, per_page: perPage, currency: z.enum(WALLET_CURRENCIES).optional() });
export const operatorLedgerEntry = z.object({
  id: z.number(),
  currency: z.string(),
  delta: amount,
  /** The wallet's balance right after this row: the running balance. */
  balance_after: amount,
  reason: z.string(),
  /** What moved the money: a case opening, an order, a battle, an operator... */
  ref: z.string(),
  meta: z.unknown().nullable(),
  created_at: z.string(),
});
export const operatorLedgerResponse = pageOf(operatorLedgerEntry);

/**
 * POST /api/v1/admin/players/:id/balance, with an Idempotency-Key: a signed amount (a credit, or a
 * debit that never takes the wallet below zero) and the operator's reason.
 */
export const balanceAdjustmentBody = z
  .object({
    amount: amount
      .refine((v) => Number.isFinite(v) && v !== 0 && Math.abs(v) <= 10_000_000, 'a non-zero amount of at most 10000000 either way')
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'at most 2 decimals'),
    reason: operatorReason,
    currency: z.enum(WALLET_CURRENCIES).optional(),
  })
  .strict();
export type BalanceAdjustmentBody = z.infer<typeof balanceAdjustmentBody>;
export const balanceAdjustmentResult = z.object({
  user_id: z.number(),
  currency: z.enum(WALLET_CURRENCIES),
  amount,
  balance: amount,
  /** The audit row that records the adjustment. */
  audit_id: z.number(),
});

/** POST /api/v1/admin/players/:id/block and /unblock. */
export const blockBody = z.object({ reason: operatorReason }).strict();
export const unblockBody = z.object({ reason: operatorReason.optional() }).strict().nullish();
export const playerStanding = z.object({
  user_id: z.number(),
  role,
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
});

/** GET /api/v1/admin/audit: newest first, by operator and/or target. */
export const auditQuery = z.object({
  page,
  per_page: perPage,
  operator_id: idParam.optional(),
  target_kind: z.string().trim().min(1).max(40).optional(),
  target_id: z.string().trim().min(1).max(100).optional(),
});
export const auditEntry = z.object({
  id: z.number(),
  /** The operator's account; null for `npm run admin`, named by `name`. */
  operator: z.object({ id: z.number().nullable(), name: z.string() }),
  action: z.string(),
  target: z.object({ kind: z.string(), id: z.string() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditResponse = pageOf(auditEntry);

const flagName = z.enum(FLAG_NAMES as [FlagName, ...FlagName[]]);
/** GET /api/v1/admin/flags: each flag, its value and where it comes from, and the tech-work state. */
export const operatorFlag = z.object({
  flag: flagName,
  on: z.boolean(),
  source: z.enum(['operator', 'configuration']),
  configured: z.boolean(),
});
export const techWorkState = z.object({ on: z.boolean(), since: z.string().nullable(), operator: z.string().nullable() });
export const operatorFlagsResponse = z.object({ flags: z.array(operatorFlag), techwork: techWorkState });
/** POST /api/v1/admin/flags: `reset` gives the flag back to the configuration. */
export const flagChangeBody = z.object({ name: flagName, value: z.enum(['on', 'off', 'reset']) }).strict();
/** POST /api/v1/admin/techwork. */
export const techWorkBody = z.object({ on: z.boolean() }).strict();
